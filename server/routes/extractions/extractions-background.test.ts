// Background extractions (issue #13): above the streaming limit (here 1 row) and for every XLSX, the
// request answers 202, the 'lead-extraction' job writes the file with its progress, and the file is
// downloadable from the history for 24 hours.
import { mkdtempSync } from 'node:fs'
import { readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { extractions } from '../../db/schema.ts'
import { runExtractionJob } from '../../domain/extractions/job.ts'
import { readXlsxRows } from '../../domain/imports/xlsx-rows.ts'
import type { Agent } from '../../../tests/setup/agent.ts'
import { csvRowsBothWays, MULTI_LINE_COMMENTS } from '../../../tests/setup/csv-readers.ts'
import type { Extraction } from '../../../src/contracts/extractions.ts'

const t = signedInServer({
  config: {
    extractionStreamMaxRows: 1,
    filesDir: mkdtempSync(path.join(tmpdir(), 'extractions-background-')),
  },
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' } },
})
const { admin, manager } = t.agents

async function finished(who: Agent, id: number): Promise<Extraction> {
  return vi.waitFor(
    async () => {
      const items: Extraction[] = (await who.request({ url: '/api/extractions' })).json().items
      const item = items.find((entry) => entry.id === id)
      if (item?.state !== 'done' && item?.state !== 'failed') throw new Error(`still ${item?.state}`)
      return item
    },
    { timeout: 20_000, interval: 100 },
  )
}

describe('background extractions', () => {
  it('writes a large CSV in the background, then serves it from the history', async () => {
    const { market } = await insertMission(t.database.db)
    for (const lastName of ['Dupré', '+cmd|calc', 'Ñoño'])
      await insertLead(t.database.db, market.id, { lastName, phone: '+33145678901' })
    const started = await admin.request({
      method: 'POST',
      url: '/api/extractions',
      payload: { filters: {}, columns: ['lastName', 'phone'], format: 'csv' },
    })
    expect(started.statusCode, started.body).toBe(202)
    expect(started.json()).toEqual({ id: expect.any(Number), state: 'queued', rowCount: 3 })
    const { id } = started.json()

    const done = await finished(admin, id)
    expect(done).toMatchObject({ state: 'done', rowCount: 3, rowsDone: 3, downloadable: true })
    const kept = Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)
    expect(kept).toBe(24 * 3_600_000)

    const file = await admin.request({ url: `/api/extractions/${id}/file` })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(file.headers['content-disposition']).toContain(`-${id}.csv"`)
    expect(file.rawPayload.toString('utf8')).toBe(
      "\uFEFFNom;Téléphone\r\nDupré;01 45 67 89 01\r\n'+cmd|calc;01 45 67 89 01\r\nÑoño;01 45 67 89 01\r\n",
    )
    // Someone else's extraction is not theirs to download (a manager sees only their own).
    expect((await manager.request({ url: `/api/extractions/${id}/file` })).statusCode).toBe(404)

    // Past its 24 hours the file is gone from the history (410 if asked for).
    await t.database.db
      .update(extractions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(extractions.id, id))
    expect((await admin.request({ url: `/api/extractions/${id}/file` })).statusCode).toBe(410)
  })

  it('quotes every cell holding a line break in the file it writes: one row per lead for every reader (issue #30)', async () => {
    const { market } = await insertMission(t.database.db)
    for (const [index, comment] of MULTI_LINE_COMMENTS.entries())
      await insertLead(t.database.db, market.id, { lastName: `Lignes${index}`, comment })
    const started = await admin.request({
      method: 'POST',
      url: '/api/extractions',
      payload: { filters: {}, columns: ['lastName', 'comment'], format: 'csv' },
    })
    expect(started.statusCode, started.body).toBe(202)
    expect(await finished(admin, started.json().id)).toMatchObject({ state: 'done' })
    const file = await admin.request({ url: `/api/extractions/${started.json().id}/file` })
    const read = csvRowsBothWays(file.rawPayload.toString('utf8'))
    expect(read).toEqual([['Nom', 'Commentaire'], ...MULTI_LINE_COMMENTS.map((c, i) => [`Lignes${i}`, c])])
  })

  it('a run taking over one killed midway removes its partial file: the folder holds the served file only (issue #30)', async () => {
    const { db } = t.database
    const { market } = await insertMission(db)
    for (const lastName of ['Un', 'Deux']) await insertLead(db, market.id, { lastName })
    // What a process killed while writing leaves: the job 'running', its partial file under its own name.
    const [killed] = await db
      .insert(extractions)
      .values({
        createdBy: t.users.admin.id,
        filters: {},
        columns: ['lastName'],
        format: 'csv',
        state: 'running',
      })
      .returning({ id: extractions.id })
    const { filesDir } = t.app.config
    // Ids start again at each test: the earlier tests' files go.
    for (const name of await readdir(filesDir)) await rm(path.join(filesDir, name), { force: true })
    await writeFile(
      path.join(filesDir, `extraction-${killed!.id}-0badc0ffee.csv.part`),
      '\uFEFFNom\r\nUn\r\n',
    )
    const ownFiles = async () =>
      (await readdir(filesDir)).filter((name) => name.startsWith(`extraction-${killed!.id}-`))
    expect(await ownFiles()).toHaveLength(1)

    // The job pg-boss offers again once the dead worker's heartbeat lapsed (server/jobs/extraction.ts).
    await runExtractionJob(db, filesDir, killed!.id, (error) => {
      throw error
    })
    const [row] = await db.select().from(extractions).where(eq(extractions.id, killed!.id))
    expect(row).toMatchObject({ state: 'done', rowsDone: 2 })
    expect(await ownFiles()).toEqual([row!.storedFile])
    const served = await admin.request({ url: `/api/extractions/${killed!.id}/file` })
    expect(csvRowsBothWays(served.rawPayload.toString('utf8'))).toEqual([['Nom'], ['Un'], ['Deux']])
  })

  it('always writes an XLSX in the background', async () => {
    const { market } = await insertMission(t.database.db)
    await insertLead(t.database.db, market.id, { lastName: 'Seul' })
    const started = await admin.request({
      method: 'POST',
      url: '/api/extractions',
      payload: { filters: {}, columns: ['id', 'lastName', 'callCount'], format: 'xlsx' },
    })
    expect(started.statusCode, started.body).toBe(202)
    const done = await finished(admin, started.json().id)
    expect(done).toMatchObject({ state: 'done', rowCount: 1, format: 'xlsx' })
    const file = await admin.request({ url: `/api/extractions/${done.id}/file` })
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    // An XLSX is a ZIP archive.
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK')
  })
  it('writes XLSX dates as dates and formula-like text without an apostrophe (issue #31)', async () => {
    const { market } = await insertMission(t.database.db)
    await insertLead(t.database.db, market.id, {
      lastName: '=SOMME(A1)',
      comment: '-Rappeler',
      meetRequestDate: new Date('2026-12-01T13:45:00Z'),
    })
    const started = await admin.request({
      method: 'POST',
      url: '/api/extractions',
      payload: {
        filters: {},
        columns: ['id', 'lastName', 'comment', 'meetRequestDate', 'phone', 'callCount'],
        format: 'xlsx',
      },
    })
    expect(started.statusCode, started.body).toBe(202)
    const done = await finished(admin, started.json().id)
    const file = await admin.request({ url: `/api/extractions/${done.id}/file` })
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'xlsx-export-')), 'leads.xlsx')
    await writeFile(saved, file.rawPayload)
    // Read back with the import's own XLSX reader: a date-styled number reads as its wall clock.
    const rows: string[][] = []
    for await (const row of readXlsxRows(saved)) rows.push(row.cells)
    expect(rows).toHaveLength(2)
    const [, lead] = rows
    expect(lead![1]).toBe('=SOMME(A1)')
    expect(lead![2]).toBe('-Rappeler')
    // 13:45 UTC on 1 December is 14:45 in Paris: the cell is a date, its Paris wall clock.
    expect(lead![3]).toBe('2026-12-01T14:45:00')
    expect(lead![4]).toMatch(/^0\d( \d\d){4}$/)
    expect(lead![5]).toBe('0')
    await rm(path.dirname(saved), { recursive: true, force: true })
  })
})
