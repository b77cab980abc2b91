// @both-databases: the job engine on both backends and across processes.
// The durable job engine (issue #13): a job written in a transaction exists only if it commits, and
// with several server processes on one PostgreSQL database each job runs exactly once.
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase, rowsOf, type Database } from '../db/client.ts'
import { createScratchDatabase, type ScratchDatabase } from '../../tests/setup/scratch-database.ts'
import { openTestDatabase, testConfig } from '../../tests/setup/test-app.ts'

type Seen = { n: number; process: string }

async function appWithWorker(database: Database, name: string, seen: Seen[]): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, logger: false })
  app.jobs.work<{ n: number }>('test-echo', { retryLimit: 0, localConcurrency: 3 }, async (job) => {
    seen.push({ n: job.data.n, process: name })
  })
  await app.ready()
  return app
}

describe('jobs in a transaction', () => {
  const opened: { app?: FastifyInstance; drop?: () => Promise<void> } = {}
  afterAll(async () => {
    await opened.app?.close()
    await opened.drop?.()
  })

  it('runs a job whose transaction committed, and never one whose transaction rolled back', async () => {
    const { database, drop } = await openTestDatabase()
    opened.drop = drop
    const seen: Seen[] = []
    const app = await appWithWorker(database, 'one', seen)
    opened.app = app
    await expect(
      database.db.transaction(async (tx) => {
        await app.jobs.send('test-echo', { n: 1 }, { tx })
        throw new Error('rolled back on purpose')
      }),
    ).rejects.toThrow('rolled back on purpose')
    await database.db.transaction(async (tx) => {
      await app.jobs.send('test-echo', { n: 2 }, { tx })
    })
    await vi.waitFor(() => expect(seen.map((s) => s.n)).toContain(2), { timeout: 15_000, interval: 100 })
    const stored = rowsOf<{ n: number }>(
      await database.db.execute(sql`select (data->>'n')::int as n from pgboss.job where name = 'test-echo'`),
    )
    expect(stored.map((row) => row.n)).toEqual([2])
    expect(seen).toEqual([{ n: 2, process: 'one' }])
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs across two server processes (PostgreSQL)', () => {
  let scratch: ScratchDatabase
  const apps: FastifyInstance[] = []
  const databases: Database[] = []
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const database of databases) await database.close()
    await scratch?.drop()
  })

  it('each job is taken by exactly one process', async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!)
    const seen: Seen[] = []
    for (const name of ['a', 'b']) {
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' })
      databases.push(database)
      apps.push(await appWithWorker(database, name, seen))
    }
    const jobs = Array.from({ length: 30 }, (_, i) => i + 1)
    await Promise.all(jobs.map((n) => apps[n % 2]!.jobs.send('test-echo', { n })))
    await vi.waitFor(() => expect(seen).toHaveLength(30), { timeout: 30_000, interval: 100 })
    expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual(jobs)
    const states = rowsOf<{ state: string; count: number }>(
      await databases[0]!.db.execute(
        sql`select state, count(*)::int as count from pgboss.job where name = 'test-echo' group by state`,
      ),
    )
    expect(states).toEqual([{ state: 'completed', count: 30 }])
  })
})
