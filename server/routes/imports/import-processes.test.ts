// @both-databases: imports on two server processes.
// Imports across server processes on one PostgreSQL database (issue #13 "Jobs that survive restarts
// and several processes"): each job is taken by exactly one process; a process stopped mid-import
// hands its job over and another one finishes it, every line written exactly once.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { rowsOf, type Database } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { writeLeadsCsv } from '../../../scripts/generate-import-fixtures.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { analysed, linesWritten, settingsOf, uploadFixture, waitForState } from './import-test-kit.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'imports-processes-'))

async function adminOf(app: FastifyInstance, database: Database, email: string) {
  await insertUser(database.db, { email, role: 'ADMIN' })
  const agent = createAgent(app)
  expect((await agent.login(email)).statusCode).toBe(200)
  return agent
}

async function readyImport(
  app: FastifyInstance,
  database: Database,
  email: string,
  rows: number,
  seed: number,
) {
  const admin = await adminOf(app, database, email)
  const { mission, market } = await insertMission(database.db)
  const file = path.join(dir, `leads-${seed}.csv`)
  await writeLeadsCsv(file, rows, { badRatio: 0.02, duplicateRatio: 0.03, seed, encoding: 'utf-8' })
  const detail = await uploadFixture(admin, file)
  const ready = await analysed(admin, database.db, detail, settingsOf(detail, mission.id, market.id))
  return { admin, ready }
}

async function importJobs(database: Database) {
  return rowsOf<{ state: string; retry_count: number; import_id: number }>(
    await database.db.execute(
      sql`select state, retry_count, (data->>'importId')::int as import_id from pgboss.job where name = 'lead-import' order by import_id`,
    ),
  )
}

async function expectEveryLineOnce(database: Database, detail: ImportDetail) {
  const [row] = await database.db.select().from(imports).where(eq(imports.id, detail.id))
  expect(row).toMatchObject({ state: 'done', rowsDone: detail.totalRows })
  expect(row!.importedCount + row!.skippedCount + row!.rejectedCount).toBe(detail.totalRows)
  expect(await linesWritten(database.db, detail.id)).toEqual({
    total: row!.importedCount,
    lines: row!.importedCount,
  })
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('imports on two server processes (PostgreSQL)', () => {
  const start = serverProcessesOnOneDatabase()

  it('runs each import job once, whichever process takes it', async () => {
    const a = await start()
    const b = await start()
    const started: ImportDetail[] = []
    for (const [index, process] of [a, b, a].entries()) {
      const { admin, ready } = await readyImport(
        process.app,
        process.database,
        `admin${index}@test.fr`,
        1200,
        index + 1,
      )
      const response = await admin.request({ method: 'POST', url: `/api/imports/${ready.id}/start` })
      expect(response.json().state).toBe('queued')
      started.push(ready)
    }
    for (const detail of started) await waitForState(a.database.db, detail.id, ['done'])
    for (const detail of started) await expectEveryLineOnce(a.database, detail)
    // The engine marks a job completed just after its handler returns.
    await vi.waitFor(
      async () => {
        const jobs = await importJobs(a.database)
        expect(jobs.map(({ state, retry_count }) => ({ state, retry_count }))).toEqual(
          started.map(() => ({ state: 'completed', retry_count: 0 })),
        )
      },
      { timeout: 10_000, interval: 20 },
    )
  }, 180_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('an import whose process stops (PostgreSQL)', () => {
  const start = serverProcessesOnOneDatabase()

  it('is resumed by another process from its checkpoint, no line lost or doubled', async () => {
    const first = await start()
    const { admin, ready } = await readyImport(first.app, first.database, 'admin@test.fr', 20_000, 7)
    await admin.request({ method: 'POST', url: `/api/imports/${ready.id}/start` })
    await vi.waitFor(
      async () => {
        const [row] = await first.database.db.select().from(imports).where(eq(imports.id, ready.id))
        if (row!.rowsDone < 500) throw new Error('not started')
      },
      { timeout: 30_000, interval: 5 },
    )
    await first.app.close()
    const [stopped] = await first.database.db.select().from(imports).where(eq(imports.id, ready.id))
    expect(stopped!.state).toBe('running')
    expect(stopped!.rowsDone).toBeLessThan(ready.totalRows)

    const second = await start()
    await waitForState(second.database.db, ready.id, ['done'], 120_000)
    await expectEveryLineOnce(second.database, ready)
    await vi.waitFor(
      async () =>
        expect(await importJobs(second.database)).toMatchObject([{ state: 'completed', retry_count: 1 }]),
      { timeout: 10_000, interval: 20 },
    )
  }, 180_000)
})
