// Issue #30 point 2: the rejected-rows file of an import keeps one row per rejected line when a cell
// holds a line break (CR, LF or CRLF): every such cell is quoted, read back by an RFC 4180 reader,
// a spreadsheet-like one and Papa Parse (tests/setup/csv-readers.ts).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stringify } from 'csv-stringify/sync'
import { expect, it } from 'vitest'
import { CSV_WRITE_OPTIONS } from '../../lib/csv.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { csvRowsBothWays, MULTI_LINE_COMMENTS } from '../../../tests/setup/csv-readers.ts'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { analysed, settingsOf, upload, waitForState } from './import-test-kit.ts'

const t = signedInServer({
  config: { filesDir: mkdtempSync(path.join(tmpdir(), 'import-report-csv-')) },
  users: { admin: { role: 'ADMIN' } },
})

const COMMENTS = MULTI_LINE_COMMENTS

it('quotes every rejected cell that holds a line break: one row per rejected line for every reader', async () => {
  const { admin } = t.agents
  const { db } = t.database
  const { mission, market } = await insertMission(db)
  const rows = [
    ['Prénom', 'Nom', 'Téléphone', 'Commentaire'],
    ['Anne', 'Valide', '06 12 34 56 78', 'Sans souci'],
    // Bad phones: rejected, each with a multi-line comment.
    ...COMMENTS.map((comment, index) => [`Rejet${index}`, 'Rejeté', '06 12', comment]),
  ]
  // The uploaded file itself is well formed: its multi-line cells are quoted.
  const response = await upload(admin, 'multi-lignes.csv', `\uFEFF${stringify(rows, CSV_WRITE_OPTIONS)}`)
  expect(response.statusCode, response.body).toBe(201)
  const detail = response.json<ImportDetail>()
  const ready = await analysed(admin, db, detail, settingsOf(detail, mission.id, market.id))
  expect(ready).toMatchObject({ totalRows: 4, errorRows: COMMENTS.length })
  const started = await admin.request({ method: 'POST', url: `/api/imports/${detail.id}/start` })
  expect(started.statusCode, started.body).toBe(200)
  await waitForState(db, detail.id, ['done'])

  const report = await admin.request({ url: `/api/imports/${detail.id}/rejected.csv` })
  expect(report.statusCode).toBe(200)
  const read = csvRowsBothWays(report.rawPayload.toString('utf8'))
  expect(read).toHaveLength(1 + COMMENTS.length)
  const comment = read[0]!.indexOf('Commentaire')
  expect(read.slice(1).map((row) => row[comment])).toEqual(COMMENTS)
  expect(read.slice(1).every((row) => row.length === read[0]!.length)).toBe(true)
})
