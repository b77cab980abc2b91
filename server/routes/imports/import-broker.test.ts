// A broker's file as received (issue #31 point 2): a title line above the header (Windows-1252, `;`),
// the header row chosen again by the administrator, optional values dropped with a warning, errors
// grouped by cause, a re-import counted as duplicates, and an abandoned import discarded — by the
// administrator or by the files purge a day later.
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { BROKER_FIXTURE } from '../../../scripts/generate-import-fixtures.ts'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { auditEntries, imports, markets } from '../../db/schema.ts'
import { purgeExpiredFiles } from '../../domain/files/stored-files.ts'
import { analyseImport } from '../../domain/imports/analysis.ts'
import { analysed, settingsOf, uploadFixture, waitForState } from './import-test-kit.ts'

const filesDir = mkdtempSync(path.join(tmpdir(), 'imports-broker-test-'))
const t = signedInServer({ config: { filesDir }, users: { admin: { role: 'ADMIN' } } })
const FIXTURE = path.join('tests/fixtures', BROKER_FIXTURE.file)

let missionId: number
let marketId: number
beforeEach(async () => {
  const { mission, market } = await insertMission(t.database.db)
  missionId = mission.id
  marketId = market.id
  await t.database.db
    .update(markets)
    .set({ postalCodePrefixes: [...BROKER_FIXTURE.marketPrefixes] })
    .where(eq(markets.id, market.id))
})

const storedPath = async (id: number) => {
  const [row] = await t.database.db.select().from(imports).where(eq(imports.id, id))
  return row?.storedFile ? path.join(filesDir, row.storedFile) : null
}

function setHeader(detail: ImportDetail, headerLine: number, version = detail.version) {
  return t.agents.admin.request({
    method: 'PUT',
    url: `/api/imports/${detail.id}/header`,
    payload: { headerLine, version },
  })
}

describe('a broker file with a title line above its header', () => {
  it('finds the header under the title, follows the header chosen, and imports with warnings and grouped errors', async () => {
    const { admin } = t.agents
    const { db } = t.database
    const detail = await uploadFixture(admin, FIXTURE)
    // The title's comma is not the delimiter; the header is line 2 and maps by its French names.
    expect(detail).toMatchObject({ encoding: 'windows-1252', delimiter: ';', headerLine: 2 })
    expect(detail.headers).toEqual([...BROKER_FIXTURE.header])
    expect(detail.topRows.map((row) => row.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(detail.topRows[0]!.cells).toEqual([BROKER_FIXTURE.title])
    expect(detail.sampleRows[0]![1]).toBe('Martin')
    expect(detail.columns.find((c) => c.header === 'Téléphone')?.target).toBe('phone')
    expect(detail.columns.find((c) => c.header === 'NOM')?.target).toBe('lastName')

    // The administrator tries the title line as the header: the mapping follows (nothing to map).
    const onTitle = await setHeader(detail, 1)
    expect(onTitle.statusCode, onTitle.body).toBe(200)
    const titled = onTitle.json() as ImportDetail
    expect(titled).toMatchObject({ headerLine: 1, state: 'uploaded', version: detail.version + 1 })
    expect(titled.headers).toEqual([BROKER_FIXTURE.title])
    expect(titled.columns.some((c) => c.target === 'phone')).toBe(false)
    // A stale tab is refused, and a line that is not among the first rows too; nothing changes.
    expect((await setHeader(detail, 2)).statusCode).toBe(409)
    const far = await setHeader(titled, 40)
    expect(far.statusCode).toBe(400)
    expect(far.json().error.message).toMatch(/premières lignes/)
    const back = (await setHeader(titled, 2)).json() as ImportDetail
    expect(back.headers).toEqual([...BROKER_FIXTURE.header])
    expect(back.columns).toEqual(detail.columns)

    const ready = await analysed(
      admin,
      db,
      back,
      settingsOf(back, missionId, marketId, { marketMode: { kind: 'postalCode' } }),
    )
    expect(ready).toMatchObject({
      totalRows: BROKER_FIXTURE.rows.length,
      validRows: BROKER_FIXTURE.validLines.length,
      errorRows: BROKER_FIXTURE.noMarketLines.length + BROKER_FIXTURE.badPhoneLines.length,
      warningRows: 1,
    })
    expect(ready.previewRows.map((row) => row.line)).toEqual([...BROKER_FIXTURE.validLines])
    // The e-mail is dropped with a warning on its row; the lead stays.
    expect(ready.warnings).toEqual([
      {
        line: 4,
        warnings: [
          {
            column: 'E-mail',
            field: 'email',
            message: 'Adresse e-mail invalide : « lætitia.leblanc@orange.fr ».',
          },
        ],
      },
    ])
    expect(ready.previewRows.find((row) => row.line === 4)!.values.email).toBeUndefined()
    expect(ready.errorGroups).toEqual([
      {
        column: 'Code postal',
        field: 'postalCode',
        cause: 'Aucun marché ne couvre le code postal …',
        count: 3,
        lines: [...BROKER_FIXTURE.noMarketLines],
        values: [...BROKER_FIXTURE.noMarketCodes],
      },
      {
        column: 'Téléphone',
        field: 'phone',
        cause: 'Numéro de téléphone invalide : …',
        count: 1,
        lines: [...BROKER_FIXTURE.badPhoneLines],
        values: ['06 12 3'],
      },
    ])

    // The rejected rows are one click from the preview, before anything is written.
    const rejected = await admin.request({ url: `/api/imports/${ready.id}/rejected.csv` })
    expect(rejected.statusCode).toBe(200)
    const lines = rejected.body.slice(1).trim().split('\r\n')
    expect(lines.map((line) => line.split(';').at(-2))).toEqual(['Ligne', '5', '6', '7', '8'])
    expect(lines[1]).toMatch(/;Code postal : Aucun marché ne couvre le code postal 13008\.$/)

    expect((await admin.request({ method: 'POST', url: `/api/imports/${ready.id}/start` })).statusCode).toBe(
      200,
    )
    await waitForState(db, ready.id, ['done'])
    const done = (await admin.request({ url: `/api/imports/${ready.id}` })).json() as ImportDetail
    expect(done).toMatchObject({ importedCount: 3, rejectedCount: 4 })

    // The same file again: every valid row is now a duplicate of an open lead, none is new.
    const again = await uploadFixture(admin, FIXTURE)
    const reread = await analysed(
      admin,
      db,
      again,
      settingsOf(again, missionId, marketId, { marketMode: { kind: 'postalCode' } }),
    )
    expect(reread).toMatchObject({ validRows: 0, duplicateRows: 3 })
    expect(reread.duplicates.every((d) => d.existingLeadId !== null)).toBe(true)
  })
})

describe('an abandoned import', () => {
  it('is discarded with its file by the administrator, before it starts only', async () => {
    const { admin } = t.agents
    const detail = await uploadFixture(admin, FIXTURE)
    const file = (await storedPath(detail.id))!
    expect(existsSync(file)).toBe(true)
    const gone = await admin.request({ method: 'DELETE', url: `/api/imports/${detail.id}` })
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json()).toEqual({ id: detail.id, deleted: true })
    expect(existsSync(file)).toBe(false)
    expect((await admin.request({ url: `/api/imports/${detail.id}` })).statusCode).toBe(404)
    expect((await admin.request({ method: 'DELETE', url: `/api/imports/${detail.id}` })).statusCode).toBe(404)
    const audit = await t.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.entityId, detail.id))
    expect(audit.map((entry) => entry.action)).toContain('delete')

    const ready = await analysed(admin, t.database.db, await uploadFixture(admin, FIXTURE), {
      ...settingsOf(detail, missionId, marketId),
      version: 1,
    })
    await admin.request({ method: 'POST', url: `/api/imports/${ready.id}/start` })
    await waitForState(t.database.db, ready.id, ['done'])
    const refused = await admin.request({ method: 'DELETE', url: `/api/imports/${ready.id}` })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toMatch(/pas encore lancé/)
    expect(await storedPath(ready.id)).not.toBeNull()
  })

  it('is discarded while its analysis waits, which then finds nothing to do', async () => {
    const { admin } = t.agents
    const detail = await uploadFixture(admin, FIXTURE)
    // The analysis's job as it would run after the discard (the settings' own job may run first or not).
    const set = await admin.request({
      method: 'PUT',
      url: `/api/imports/${detail.id}/settings`,
      payload: settingsOf(detail, missionId, marketId),
    })
    expect(set.statusCode, set.body).toBe(200)
    expect((await admin.request({ method: 'DELETE', url: `/api/imports/${detail.id}` })).statusCode).toBe(200)
    expect(await analyseImport(t.database.db, filesDir, detail.id, detail.version + 1)).toBe(false)
  })

  it('is discarded by the files purge a day after its upload; a started one and a fresh one stay', async () => {
    const { admin } = t.agents
    const { db } = t.database
    const old = await uploadFixture(admin, FIXTURE)
    const fresh = await uploadFixture(admin, FIXTURE)
    const oldFile = (await storedPath(old.id))!
    const dayAgo = new Date(Date.now() - 25 * 3_600_000)
    await db.update(imports).set({ createdAt: dayAgo }).where(eq(imports.id, old.id))
    const result = await purgeExpiredFiles(db, filesDir, new Date())
    expect(result.abandoned).toBe(1)
    expect(existsSync(oldFile)).toBe(false)
    const ids = (await db.select({ id: imports.id }).from(imports)).map((row) => row.id)
    expect(ids).toContain(fresh.id)
    expect(ids).not.toContain(old.id)
    // In the audit trail, as a change no user made.
    const audit = await db
      .select({ userId: auditEntries.userId, action: auditEntries.action, before: auditEntries.before })
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.entity, 'import'),
          eq(auditEntries.entityId, old.id),
          eq(auditEntries.action, 'delete'),
        ),
      )
    expect(audit).toEqual([
      { userId: null, action: 'delete', before: { fileName: old.fileName, state: old.state } },
    ])
  })
})
