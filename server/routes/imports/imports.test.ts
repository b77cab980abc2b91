// Lead integration from upload to report (issue #13), on PGlite and on PostgreSQL: the French
// Windows-1252 fixture with bad rows and duplicates, the settings' checks, the rejected-rows report,
// the original file, the history and the audit trail.
import { mkdtempSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { and, count, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditEntries, imports, leads, missions } from '../../db/schema.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { zipOf } from '../../../tests/factories/zip-archive.ts'
import { WINDOWS_1252_FIXTURE } from '../../../scripts/generate-import-fixtures.ts'
import { integrationMonthOf } from '../../domain/imports/actions.ts'
import { purgeExpiredFiles } from '../../domain/files/stored-files.ts'
import { analysed, linesWritten, settingsOf, upload, uploadFixture, waitForState } from './import-test-kit.ts'

const filesDir = mkdtempSync(path.join(tmpdir(), 'imports-test-'))
const t = signedInServer({
  config: { filesDir },
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' }, teleop: {} },
})
const FIXTURE = path.join('tests/fixtures', WINDOWS_1252_FIXTURE.file)

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

describe('an import from upload to report', () => {
  it('reads the file, previews it, imports the valid rows and reports the others', async () => {
    const { admin } = t.agents
    const { db } = t.database
    const detail = await uploadFixture(admin, FIXTURE)
    expect(detail).toMatchObject({
      state: 'uploaded',
      fileKind: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
    })
    expect(detail.headers).toContain('Prénom')
    expect(detail.sampleRows).toHaveLength(10)
    expect(detail.columns.filter((c) => c.target === 'phone')).toHaveLength(1)
    expect(detail.columns.find((c) => c.header === 'NOM')?.target).toBe('lastName')

    const ready = await analysed(admin, db, detail, settingsOf(detail, missionId, marketId))
    const { dataRows, invalidLines, duplicateLines } = WINDOWS_1252_FIXTURE
    expect(ready).toMatchObject({
      state: 'ready',
      totalRows: dataRows,
      errorRows: invalidLines.length,
      duplicateRows: duplicateLines.length,
      validRows: dataRows - invalidLines.length - duplicateLines.length,
    })
    expect(ready.errors.map((e) => e.line)).toEqual([...invalidLines])
    // A bad e-mail or date costs the value, not the lead (issue #31).
    expect(ready.warningRows).toBe(WINDOWS_1252_FIXTURE.warningLines.length)
    expect(ready.warnings.map((w) => w.line)).toEqual([...WINDOWS_1252_FIXTURE.warningLines])
    expect(ready.errorGroups).toEqual([
      expect.objectContaining({ field: 'phone', count: invalidLines.length, lines: [...invalidLines] }),
    ])
    expect(ready.duplicates.map((d) => [d.line, d.firstLine])).toEqual([
      [20, 2],
      [21, 3],
    ])
    expect(ready.previewRows[0]).toMatchObject({ line: 2, marketName: 'Marché' })
    expect(ready.previewRows[0]!.values.phone).toMatch(/^\+33\d{9}$/)

    const started = await admin.request({ method: 'POST', url: `/api/imports/${detail.id}/start` })
    expect(started.statusCode, started.body).toBe(200)
    await waitForState(db, detail.id, ['done'])
    const done = (await admin.request({ url: `/api/imports/${detail.id}` })).json()
    const imported = dataRows - invalidLines.length - duplicateLines.length
    expect(done).toMatchObject({
      importedCount: imported,
      skippedCount: duplicateLines.length,
      rejectedCount: invalidLines.length,
      rowsDone: dataRows,
      markets: [{ id: marketId, name: 'Marché' }],
      fileAvailable: true,
    })
    expect(done.durationMs).toBeGreaterThanOrEqual(0)
    expect(await linesWritten(db, detail.id)).toEqual({ total: imported, lines: imported })
    const [lead] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.importId, detail.id), eq(leads.importLine, 4)))
    expect(lead).toMatchObject({ status: 'NEW', integrationMonth: integrationMonthOf(new Date()) })
    expect(lead!.comment).toContain('\n')

    const report = await admin.request({ url: `/api/imports/${detail.id}/rejected.csv` })
    expect(report.statusCode).toBe(200)
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(report.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = report.body.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Prénom;NOM;Téléphone;Tel portable;E-mail;Code postal;Ville;Date de demande;Commentaire;Source;Ligne;Motif',
    )
    expect(lines).toHaveLength(1 + invalidLines.length + duplicateLines.length)
    expect(lines.at(-1)).toMatch(/;21;Téléphone : Doublon : même téléphone que la ligne 3 du fichier\.$/)
    // Ready to fix and re-import: valid phones in their national form, never guarded as `'+33…`.
    expect(report.body).not.toContain(";'+")

    const original = await admin.request({ url: `/api/imports/${detail.id}/file` })
    expect(original.statusCode).toBe(200)
    expect(original.rawPayload.equals(await readFile(FIXTURE))).toBe(true)
    expect(original.headers['content-disposition']).toContain(WINDOWS_1252_FIXTURE.file)

    const history = (await admin.request({ url: '/api/imports?search=WINDOWS&state=done' })).json()
    expect(history).toMatchObject({ total: 1, items: [{ id: detail.id, mission: { id: missionId } }] })
    expect((await admin.request({ url: '/api/imports?state=failed' })).json().total).toBe(0)
    const audit = await db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(eq(auditEntries.entity, 'import'))
      .orderBy(auditEntries.id)
    expect(audit.map((a) => a.action)).toEqual(['create', 'start'])
  })

  it('reads an XLSX file too', async () => {
    const detail = await uploadFixture(t.agents.admin, 'tests/fixtures/leads.xlsx')
    expect(detail).toMatchObject({ fileKind: 'xlsx', encoding: null, delimiter: null })
    expect(detail.columns.filter((c) => c.target === 'phone')).toHaveLength(1)
    const ready = await analysed(
      t.agents.admin,
      t.database.db,
      detail,
      settingsOf(detail, missionId, marketId),
    )
    expect(ready.totalRows).toBeGreaterThan(0)
    expect(ready.validRows).toBeGreaterThan(0)
  })

  it('answers 410 in French for the original file once it is purged', async () => {
    const detail = await uploadFixture(t.agents.admin, FIXTURE)
    const kept = await uploadFixture(t.agents.admin, FIXTURE)
    await t.database.db
      .update(imports)
      .set({ fileExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(imports.id, detail.id))
    const before = storedFiles().length
    // The nightly purge (server/plugins/stored-files.ts) on the real upload layout (imports/<uuid>).
    expect(await purgeExpiredFiles(t.database.db, filesDir, new Date())).toEqual({
      imports: 1,
      extractions: 0,
      partials: 0,
      abandoned: 0,
    })
    expect(storedFiles()).toHaveLength(before - 1)
    expect((await t.agents.admin.request({ url: `/api/imports/${kept.id}/file` })).statusCode).toBe(200)
    expect((await t.agents.admin.request({ url: `/api/imports/${detail.id}` })).json().fileAvailable).toBe(
      false,
    )
    const response = await t.agents.admin.request({ url: `/api/imports/${detail.id}/file` })
    expect(response.statusCode).toBe(410)
    expect(response.json().error.message).toMatch(/n’est plus conservé/)
  })

  it('saves the mapping by name and proposes it for the next file of the same headers', async () => {
    const { admin } = t.agents
    const detail = await uploadFixture(admin, FIXTURE)
    const columns = detail.columns.map((c) =>
      c.header === 'Source' ? { ...c, target: 'ignore' as const } : c,
    )
    await analysed(
      admin,
      t.database.db,
      detail,
      settingsOf(detail, missionId, marketId, { columns, saveMappingAs: 'Salon' }),
    )
    const mappings = (await admin.request({ url: '/api/import-mappings' })).json()
    expect(mappings).toMatchObject([{ name: 'Salon' }])
    const next = await uploadFixture(admin, FIXTURE)
    expect(next.mappingName).toBe('Salon')
    expect(next.columns.find((c) => c.header === 'Source')?.target).toBe('ignore')
    const removed = await admin.request({ method: 'DELETE', url: `/api/import-mappings/${mappings[0].id}` })
    expect(removed.statusCode).toBe(200)
    expect((await admin.request({ url: '/api/import-mappings' })).json()).toEqual([])
  })
})

describe('imported leads', () => {
  it('are handed out at once by "Traiter un lead" to the mission’s agents', async () => {
    const { db } = t.database
    // The fixture's request dates are fixed (autumn 2026): a mission that keeps its leads for years, so
    // none has expired whatever the day the test runs (issue #25).
    const { mission, market } = await insertMission(db, {
      userIds: [t.users.teleop.id],
      durationDays: 36_500,
    })
    const detail = await uploadFixture(t.agents.admin, FIXTURE)
    await analysed(t.agents.admin, db, detail, settingsOf(detail, mission.id, market.id))
    await t.agents.admin.request({ method: 'POST', url: `/api/imports/${detail.id}/start` })
    await waitForState(db, detail.id, ['done'])
    const found = await t.agents.teleop.request({ method: 'POST', url: '/api/lead/find-lead-to-process' })
    expect(found.statusCode, found.body).toBe(200)
    const [held] = await db.select().from(leads).where(eq(leads.processingUserId, t.users.teleop.id))
    expect(held).toMatchObject({ importId: detail.id, marketId: market.id })
  })
})

describe('refused files and settings', () => {
  const refusals: [string, Buffer][] = [
    ['binaire.csv', Buffer.concat([Buffer.from('Nom;Téléphone\n'), Buffer.alloc(64, 0)])],
    ['image.xlsx', Buffer.from('GIF89a not a workbook')],
    ['archive.zip', Buffer.from('PK\u0003\u0004 a zip')],
    ['vide.csv', Buffer.from('Nom;Téléphone\r\n')],
    [
      'bombe.xlsx',
      zipOf([
        { name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(Buffer.alloc(8 << 20)), size: 8 << 20 },
      ]),
    ],
  ]
  for (const [name, content] of refusals)
    it(`refuses ${name} with a French 400 and leaves nothing behind`, async () => {
      const before = storedFiles()
      const response = await upload(t.agents.admin, name, content)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().error.message).toMatch(/[éèàù’]|fichier/i)
      expect(await t.database.db.select({ n: count() }).from(imports)).toEqual([{ n: 0 }])
      expect(storedFiles()).toEqual(before)
    })

  it('refuses a file over 50 MB with a French 400 and leaves nothing behind', async () => {
    const before = storedFiles()
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 'a')
    const response = await upload(t.agents.admin, 'enorme.csv', big)
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400)
    expect(response.json().error.message).toMatch(/taille maximale de 50 Mo/)
    expect(await t.database.db.select({ n: count() }).from(imports)).toEqual([{ n: 0 }])
    expect(storedFiles()).toEqual(before)
  })

  it('checks the settings: columns, mission, market, version', async () => {
    const { admin } = t.agents
    const detail = await uploadFixture(admin, FIXTURE)
    const put = (body: object) =>
      admin.request({
        method: 'PUT',
        url: `/api/imports/${detail.id}/settings`,
        payload: { ...settingsOf(detail, missionId, marketId), ...body },
      })
    const noPhone = detail.columns.map((c) =>
      c.target === 'phone' ? { ...c, target: 'metadata' as const } : c,
    )
    const response = await put({ columns: noPhone })
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields.columns).toBe('Choisissez la colonne du téléphone.')
    const other = await insertMission(t.database.db)
    expect(
      (await put({ marketMode: { kind: 'fixed', marketId: other.market.id } })).json().error.fields
        .marketMode,
    ).toMatch(/n’appartient pas/)
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, missionId))
    expect((await put({})).json().error.fields.missionId).toBe('Mission archivée.')
    await t.database.db.update(missions).set({ archivedAt: null }).where(eq(missions.id, missionId))
    expect((await put({})).statusCode).toBe(200)
    const stale = await put({})
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({
      error: { code: 'STALE_VERSION' },
      current: { id: detail.id, version: 2 },
    })
    expect((await admin.request({ method: 'POST', url: `/api/imports/${detail.id}/undo` })).statusCode).toBe(
      409,
    )
  })

  it('refuses every import route to managers and teleoperators', async () => {
    const detail = await uploadFixture(t.agents.admin, FIXTURE)
    for (const agent of [t.agents.manager, t.agents.teleop]) {
      expect((await upload(agent, 'a.csv', 'Nom;Téléphone\r\nA;0612345678\r\n')).statusCode).toBe(403)
      expect((await agent.request({ url: `/api/imports/${detail.id}` })).statusCode).toBe(403)
      expect((await agent.request({ url: `/api/imports/${detail.id}/rejected.csv` })).statusCode).toBe(403)
    }
  })
})
