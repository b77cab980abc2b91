// Issue #26, on PGlite and on PostgreSQL: the upload reads only the rows it shows, rows wider than
// their header keep the header's width, an import's detail stays small whatever the file, and an XLSX
// that would unzip past the cap is refused in French before anything reads it.
import { mkdtempSync, readdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { imports } from '../../db/schema.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { inlineRows, workbookParts, xlsxOf } from '../../../tests/factories/xlsx-workbook.ts'
import { zipOf } from '../../../tests/factories/zip-archive.ts'
import { settingsOf, upload, waitForState } from './import-test-kit.ts'

const filesDir = mkdtempSync(path.join(tmpdir(), 'import-limits-test-'))
const t = signedInServer({ config: { filesDir }, users: { admin: { role: 'ADMIN' } } })

let missionId: number
let marketId: number
beforeEach(async () => {
  const { mission, market } = await insertMission(t.database.db)
  missionId = mission.id
  marketId = market.id
})

const storedFiles = () => {
  try {
    return readdirSync(path.join(filesDir, 'imports'))
  } catch {
    return []
  }
}

const phone = (i: number) => `06123${String(45000 + i).padStart(5, '0')}`

async function uploaded(name: string, content: Buffer | string): Promise<ImportDetail> {
  const response = await upload(t.agents.admin, name, content)
  expect(response.statusCode, response.body.slice(0, 500)).toBe(201)
  return response.json()
}

/** Settings, then the analysis to its end (ready or failed): the detail as served, and its size. */
async function analyse(detail: ImportDetail) {
  const settings = settingsOf(detail, missionId, marketId)
  const put = await t.agents.admin.request({
    method: 'PUT',
    url: `/api/imports/${detail.id}/settings`,
    payload: settings,
  })
  expect(put.statusCode, put.body.slice(0, 500)).toBe(200)
  await waitForState(t.database.db, detail.id, ['ready', 'failed'])
  const response = await t.agents.admin.request({ url: `/api/imports/${detail.id}` })
  return { detail: response.json() as ImportDetail, bytes: response.rawPayload.length }
}

describe('the upload reads only the rows it shows', () => {
  it('previews a CSV whose tail is malformed; the analysis, which reads it all, meets the fault', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `Martin;${phone(i)}`)
    const detail = await uploaded('suite.csv', `Nom;Téléphone\n${rows.join('\n')}\nDupont;"jamais fermé\n`)
    expect(detail.sampleRows).toHaveLength(10)
    const { detail: failed } = await analyse(detail)
    expect(failed.state).toBe('failed')
    expect(failed.error).toMatch(
      /^Le fichier CSV ne peut pas être lu .*un guillemet ouvert n’est jamais fermé/,
    )
  })

  it('previews an XLSX whose sheet is malformed further on; the analysis meets the fault', async () => {
    const header =
      '<row r="1"><c t="inlineStr"><is><t>Nom</t></is></c><c t="inlineStr"><is><t>Téléphone</t></is></c></row>'
    const sheet = `${header}${inlineRows(20_000, ['Martin', '06'], 2)}<row><c><v>1</c></row>`
    const detail = await uploaded('suite.xlsx', xlsxOf(workbookParts(sheet)))
    expect(detail.headers).toEqual(['Nom', 'Téléphone'])
    expect(detail.sampleRows).toHaveLength(10)
    const { detail: failed } = await analyse(detail)
    expect(failed).toMatchObject({ state: 'failed', error: 'Ce fichier n’est pas un XLSX lisible.' })
  })
})

describe('rows wider than their header', () => {
  it('keep the header’s width: 10 rows of 200,000 separators make a detail of a few KB', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `Martin ${i};${phone(i)}${';'.repeat(200_000)}`)
    const file = `Nom;Téléphone\n${rows.join('\n')}\n`
    expect(file.length).toBeGreaterThan(2_000_000)
    const detail = await uploaded('larges.csv', file)
    expect(detail.headers).toEqual(['Nom', 'Téléphone'])
    expect(detail.sampleRows.every((row) => row.length === 2)).toBe(true)
    const { detail: ready, bytes } = await analyse(detail)
    expect(ready).toMatchObject({ state: 'ready', totalRows: 10, validRows: 10 })
    expect(bytes).toBeLessThan(16 * 1024)
  })

  it('500 columns of long cells make a detail under 1 MB, each cell shown cut to 200 characters', async () => {
    const header = ['Nom', 'Téléphone', ...Array.from({ length: 498 }, (_, i) => `Info ${i}`)]
    const rows = Array.from({ length: 25 }, (_, i) =>
      [`Martin ${i}`, phone(i), ...Array.from({ length: 498 }, () => 'x'.repeat(400))].join(';'),
    )
    const file = `${header.join(';')}\n${rows.join('\n')}\n`
    expect(file.length).toBeGreaterThan(4_900_000)
    const detail = await uploaded('bavard.csv', file)
    expect(detail.sampleRows.length).toBeGreaterThan(0)
    expect(detail.sampleRows[0]![2]).toBe(`${'x'.repeat(200)}…`)
    const { detail: ready, bytes } = await analyse(detail)
    expect(ready).toMatchObject({ state: 'ready', totalRows: 25, validRows: 25 })
    expect(ready.previewRows[0]!.values['Info 0']).toBe(`${'x'.repeat(200)}…`)
    expect(bytes).toBeLessThan(1024 * 1024)
  })
})

describe('the uncompressed cap', () => {
  it('refuses in French an XLSX that would unzip to more than 100 MB, leaving nothing behind', async () => {
    const before = storedFiles()
    // 101 MB declared for 600 KB stored: a ratio of 172, under the ratio cap; only the size cap refuses it.
    const declared = 101 * 1024 * 1024
    const archive = zipOf([
      { name: 'xl/worksheets/sheet1.xml', data: randomBytes(600 * 1024), size: declared },
    ])
    const response = await upload(t.agents.admin, 'gros.xlsx', archive)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'INVALID_IMPORT_FILE',
      message: 'Fichier XLSX refusé : contenu décompressé trop volumineux.',
    })
    expect(await t.database.db.select({ n: count() }).from(imports)).toEqual([{ n: 0 }])
    expect(storedFiles()).toEqual(before)
  })
})
