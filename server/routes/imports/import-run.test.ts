// @both-databases: import batches differ by database (server/domain/import/import-batch.ts).
// The import job (issue #13), on PGlite and PostgreSQL: a run that crashes after two batches resumes
// from its checkpoint and writes every line exactly once; a second runner cannot write a batch again;
// cancel keeps what was written; undo deletes the untouched leads and keeps the worked ones; the
// duplicate policies.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { auditEntries, imports, leadEvents, leads } from '../../db/schema.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertCall, insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { writeLeadsCsv } from '../../../scripts/generate-import-fixtures.ts'
import { integrationMonthOf } from '../../domain/imports/actions.ts'
import { batchTuning, StaleRunError, writeBatch } from '../../domain/imports/batch.ts'
import { runImport } from '../../domain/imports/job.ts'
import { findImport } from '../../domain/imports/store.ts'
import { analysed, linesWritten, settingsOf, upload, uploadFixture } from './import-test-kit.ts'

const filesDir = mkdtempSync(path.join(tmpdir(), 'imports-run-'))
const t = signedInServer({ config: { filesDir }, users: { admin: { role: 'ADMIN' }, teleop: {} } })
const ROWS = 1700
/** Rows per batch on the database under test (500 on PostgreSQL, 200 on PGlite). */
const batchRows = () => batchTuning(t.database.kind).batchRows
const generated = path.join(filesDir, 'generated.csv')

let missionId: number
let marketId: number
beforeEach(async () => {
  const { mission, market } = await insertMission(t.database.db)
  missionId = mission.id
  marketId = market.id
})

/** Ready, then queued without a job: the test runs the job's work itself. */
async function queuedWithoutJob(
  detail: ImportDetail,
  policy: 'skip' | 'fillEmpty' | 'importAnyway' = 'skip',
) {
  const ready = await analysed(
    t.agents.admin,
    t.database.db,
    detail,
    settingsOf(detail, missionId, marketId, { duplicatePolicy: policy }),
  )
  await t.database.db
    .update(imports)
    .set({ state: 'queued', integrationMonth: integrationMonthOf(new Date()) })
    .where(eq(imports.id, detail.id))
  return ready
}

async function generatedImport() {
  await writeLeadsCsv(generated, ROWS, { badRatio: 0.02, duplicateRatio: 0.03, seed: 13, encoding: 'utf-8' })
  const detail = await uploadFixture(t.agents.admin, generated)
  return queuedWithoutJob(detail)
}

describe('the import job', () => {
  it('resumes after a crash from its checkpoint and writes every line exactly once', async () => {
    const ready = await generatedImport()
    expect(ready.totalRows).toBe(ROWS)
    await expect(
      runImport(t.app, ready.id, {
        afterBatch: (batches) => {
          if (batches === 2) throw new Error('process killed')
        },
      }),
    ).rejects.toThrow('process killed')
    const halfway = await findImport(t.database.db, ready.id)
    expect(halfway).toMatchObject({ state: 'running', rowsDone: 2 * batchRows() })
    expect(await linesWritten(t.database.db, ready.id)).toEqual({
      total: halfway.importedCount,
      lines: halfway.importedCount,
    })

    await runImport(t.app, ready.id)
    const done = await findImport(t.database.db, ready.id)
    expect(done).toMatchObject({ state: 'done', rowsDone: ROWS })
    expect(done.importedCount + done.skippedCount + done.rejectedCount).toBe(ROWS)
    expect(done.rejectedCount).toBe(ready.errorRows)
    expect(done.skippedCount).toBe(ready.duplicateRows)
    expect(await linesWritten(t.database.db, ready.id)).toEqual({
      total: done.importedCount,
      lines: done.importedCount,
    })
  })

  it('refuses a batch from a runner whose checkpoint is stale, writing nothing', async () => {
    const ready = await generatedImport()
    await runImport(t.app, ready.id, {
      afterBatch: (batches) => {
        if (batches === 1) throw new Error('stop')
      },
    }).catch(() => {})
    const row = await findImport(t.database.db, ready.id)
    const context = {
      markets: [{ id: marketId, name: 'Marché', postalCodePrefixes: [] }],
      marketMode: row.marketMode!,
      now: new Date(),
    }
    const again = [{ line: row.lastLine + 1, cells: ['A', 'B', '0612345678'] }]
    await expect(writeBatch(t.database.db, row, context, again, 0)).rejects.toBeInstanceOf(StaleRunError)
    expect(await findImport(t.database.db, ready.id)).toMatchObject({
      lastLine: row.lastLine,
      rowsDone: batchRows(),
    })
    expect((await linesWritten(t.database.db, ready.id)).total).toBe(row.importedCount)
  })

  it('stops at the next batch when cancelled, keeps what it wrote, and an undo removes it', async () => {
    const ready = await generatedImport()
    await runImport(t.app, ready.id, {
      afterBatch: async (batches) => {
        if (batches !== 1) return
        const response = await t.agents.admin.request({
          method: 'POST',
          url: `/api/imports/${ready.id}/cancel`,
        })
        expect(response.json().state).toBe('running')
      },
    })
    const cancelled = await findImport(t.database.db, ready.id)
    expect(cancelled).toMatchObject({ state: 'cancelled', rowsDone: 2 * batchRows() })
    const undo = await t.agents.admin.request({ method: 'POST', url: `/api/imports/${ready.id}/undo` })
    expect(undo.json()).toMatchObject({
      state: 'undone',
      undoDeletedCount: cancelled.importedCount,
      undoKeptCount: 0,
    })
    expect((await linesWritten(t.database.db, ready.id)).total).toBe(0)
  })
})

describe('undo', () => {
  it('deletes the untouched leads, keeps and lists the worked ones, and is recorded', async () => {
    const { db } = t.database
    const ready = await generatedImport()
    await runImport(t.app, ready.id)
    const done = await findImport(db, ready.id)
    const [handedOut, withEvent, called] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.importId, ready.id), inArray(leads.importLine, [2, 3, 4])))
      .orderBy(leads.importLine)
    const teleop = t.users.teleop
    await db
      .update(leads)
      .set({ processingUserId: teleop.id, processingSince: new Date() })
      .where(eq(leads.id, handedOut!.id))
    await db.insert(leadEvents).values({ leadId: withEvent!.id, userId: teleop.id, kind: 'comment' })
    await insertCall(db, { userId: teleop.id, leadId: called!.id })

    const response = await t.agents.admin.request({ method: 'POST', url: `/api/imports/${ready.id}/undo` })
    expect(response.statusCode, response.body).toBe(200)
    const undone = response.json() as ImportDetail
    expect(undone).toMatchObject({
      state: 'undone',
      undoDeletedCount: done.importedCount - 3,
      undoKeptCount: 3,
    })
    expect(undone.keptLeads.map((lead) => lead.id).sort()).toEqual(
      [handedOut!.id, withEvent!.id, called!.id].sort(),
    )
    expect((await linesWritten(db, ready.id)).total).toBe(3)
    const audit = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'import'), eq(auditEntries.action, 'undo')))
    expect(audit).toHaveLength(1)
    expect(
      (await t.agents.admin.request({ method: 'POST', url: `/api/imports/${ready.id}/undo` })).statusCode,
    ).toBe(409)
    const history = (await t.agents.admin.request({ url: '/api/imports?state=undone' })).json()
    expect(history.items[0]).toMatchObject({ id: ready.id, undoKeptCount: 3 })
  })
})

describe('duplicate policies', () => {
  const file = [
    'Prénom;NOM;Téléphone;E-mail;Ville',
    'Anne;Martin;06 11 11 11 11;anne@exemple.fr;Lyon',
    'Paul;Durand;06 22 22 22 22;;',
    'Paul;Durand;+33 6 22 22 22 22;;Nantes',
    'Rémi;Petit;06 33 33 33 33;;',
  ].join('\r\n')

  async function importWith(policy: 'skip' | 'fillEmpty' | 'importAnyway') {
    // An open lead with Anne's phone and no e-mail; a closed one with Rémi's (not a duplicate).
    const open = await insertLead(t.database.db, marketId, { phone: '+33611111111', email: null, city: null })
    await insertLead(t.database.db, marketId, { phone: '+33633333333', status: 'NOT_INTERESTED' })
    const response = await upload(t.agents.admin, 'petit.csv', file)
    expect(response.statusCode, response.body).toBe(201)
    const ready = await queuedWithoutJob(response.json(), policy)
    expect(ready).toMatchObject({ totalRows: 4, validRows: 2, duplicateRows: 2 })
    await runImport(t.app, ready.id)
    const [existing] = await t.database.db.select().from(leads).where(eq(leads.id, open.id))
    return { row: await findImport(t.database.db, ready.id), existing: existing! }
  }

  it('skips duplicates', async () => {
    const { row, existing } = await importWith('skip')
    expect(row).toMatchObject({ importedCount: 2, skippedCount: 2, updatedCount: 0 })
    expect(existing.email).toBeNull()
  })

  it('fills the empty fields of the existing lead', async () => {
    const { row, existing } = await importWith('fillEmpty')
    expect(row).toMatchObject({ importedCount: 2, skippedCount: 0, updatedCount: 2 })
    expect(existing).toMatchObject({ email: 'anne@exemple.fr', city: 'Lyon' })
    const [paul] = await t.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.importId, row.id), eq(leads.importLine, 3)))
    expect(paul!.city).toBe('Nantes')
  })

  it('imports anyway', async () => {
    const { row } = await importWith('importAnyway')
    expect(row).toMatchObject({ importedCount: 4, skippedCount: 0, updatedCount: 0 })
  })
})
