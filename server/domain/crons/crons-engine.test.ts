// @both-databases: scheduled runs across two server processes.
// Issue #15 "Scheduled jobs" on the job engine itself: the settings survive a restart (a paused job
// stays unscheduled, an edited schedule stays edited), a missed occurrence runs once on start when the
// job says so, and with two server processes on one PostgreSQL database each occurrence runs once.
// The engine forwards an occurrence within its cron worker's 5 s and a worker takes it within its
// 5 s poll: the waits below allow for both.
import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { rowsOf, type Database } from '../../db/client.ts'
import { cronRuns } from '../../db/schema.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { openTestDatabase, serverProcessesOnOneDatabase, testConfig } from '../../../tests/setup/test-app.ts'
import { pauseCron, rescheduleCron, runCronNow } from './schedules.ts'

const WAIT = { timeout: 30_000, interval: 200 }

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  return rowsOf<{ n: number }>(await database.db.execute(query))[0]!.n
}

async function finishedRuns(database: Database, key: string, trigger: 'schedule' | 'manual') {
  return database.db
    .select()
    .from(cronRuns)
    .where(and(eq(cronRuns.queue, key), eq(cronRuns.trigger, trigger), sql`finished_at is not null`))
}

/** Every occurrence the engine's cron pass forwarded has been sent on to its queue. */
async function forwarded(database: Database) {
  await vi.waitFor(async () => {
    const left = await count(
      database,
      sql`select count(*)::int as n from pgboss.job where name = '__pgboss__send-it' and state < 'completed'`,
    )
    expect(left).toBe(0)
  }, WAIT)
}

describe('the schedules across a restart', () => {
  const opened: { apps: FastifyInstance[]; drop?: () => Promise<void> } = { apps: [] }
  afterAll(async () => {
    for (const app of opened.apps) await app.close()
    await opened.drop?.()
  })

  it('keeps a paused job unscheduled and an edited schedule, and catches up a missed night once', async () => {
    const { database, drop } = await openTestDatabase()
    opened.drop = drop
    const first = await buildApp({ config: testConfig(), database, logger: false })
    await first.ready()
    const admin = await insertUser(database.db, { role: 'ADMIN' })
    await pauseCron(first, admin.id, 'daily-activity-rebuild', 1)
    await rescheduleCron(first, admin.id, 'idempotency-housekeeping', { cron: '15 * * * *', version: 1 })
    // The queue and schedule issue #13 left, before the purge joined the catalogue as `files-purge`.
    await first.jobs.boss().createQueue('stored-files-purge')
    await first.jobs.boss().schedule('stored-files-purge', '0 3 * * *', null, { tz: 'Europe/Paris' })
    await first.close()
    // Two nights without any process: the engine's last pass, and the schedules, are older than that.
    await database.db.execute(sql`update pgboss.version set cron_on = now() - interval '2 days'`)
    await database.db.execute(sql`update pgboss.schedule set created_on = now() - interval '3 days'`)

    const second = await buildApp({ config: testConfig({ cronsEnabled: true }), database, logger: false })
    opened.apps.push(second)
    await second.ready()
    const schedules = rowsOf<{ name: string; cron: string }>(
      await database.db.execute(sql`select name, cron from pgboss.schedule order by name`),
    )
    expect(schedules).not.toContainEqual(expect.objectContaining({ name: 'daily-activity-rebuild' }))
    expect(schedules).toContainEqual({ name: 'idempotency-housekeeping', cron: '15 * * * *' })
    expect(schedules).not.toContainEqual(expect.objectContaining({ name: 'stored-files-purge' }))
    expect(await second.jobs.boss().getQueue('stored-files-purge')).toBeNull()

    // files-purge (every night at 3, `missed: 'once'`) runs once for the two nights it missed.
    await vi.waitFor(
      async () => expect(await finishedRuns(database, 'files-purge', 'schedule')).toHaveLength(1),
      WAIT,
    )
    await forwarded(database)
    const jobs = (name: string) =>
      count(database, sql`select count(*)::int as n from pgboss.job where name = ${name}`)
    expect(await jobs('files-purge')).toBe(1)
    expect(await jobs('daily-activity-rebuild')).toBe(0)
    expect(await finishedRuns(database, 'daily-activity-rebuild', 'schedule')).toEqual([])
  }, 60_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes (PostgreSQL)', () => {
  const start = serverProcessesOnOneDatabase()

  it('run each occurrence of a job once, and a job run now once', async () => {
    // A first process writes the schedules (the engine's first pass in a new database may come before
    // them; the next would come 30 s later), then two processes both running the engine's passes.
    await start()
    const [a, b] = await Promise.all([
      start({ config: { cronsEnabled: true } }),
      start({ config: { cronsEnabled: true } }),
    ])
    const { database } = a!
    // The minute's occurrence of the every-minute job, forwarded by whichever process claimed the pass.
    await vi.waitFor(
      async () =>
        expect((await finishedRuns(database, 'pending-calls-expiry', 'schedule')).length).toBeGreaterThan(0),
      WAIT,
    )
    await forwarded(database)
    const perMinute = rowsOf<{ minute: string; n: number }>(
      await database.db.execute(sql`
        select date_trunc('minute', created_on)::text as minute, count(*)::int as n
        from pgboss.job where name = 'pending-calls-expiry' group by 1`),
    )
    expect(perMinute.every((row) => row.n === 1)).toBe(true)
    await vi.waitFor(async () => {
      const runs = await finishedRuns(database, 'pending-calls-expiry', 'schedule')
      expect(runs).toHaveLength(perMinute.length)
    }, WAIT)

    const admin = await insertUser(database.db, { role: 'ADMIN' })
    await runCronNow(b!.app, admin.id, 'files-purge')
    await vi.waitFor(
      async () => expect(await finishedRuns(database, 'files-purge', 'manual')).toHaveLength(1),
      WAIT,
    )
    const manual = await count(
      database,
      sql`select count(*)::int as n from pgboss.job where name = 'files-purge' and data->>'trigger' = 'manual'`,
    )
    expect(manual).toBe(1)
  }, 60_000)
})
