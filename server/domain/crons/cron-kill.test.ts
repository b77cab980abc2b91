// @both-databases: a scheduled run whose server process is killed.
// Issue #30 point 1: an administrator's « Exécuter maintenant » of the RDV reminder mails runs on a real
// server process (`node server/main.ts`) that is killed with SIGKILL mid-run: no hook runs, its job
// stays 'active'. The job's heartbeat (CRON_HEARTBEAT_SECONDS, 10 s here) stops (the test moves its
// last beat back rather than wait for it to lapse), so the engine gives the run up at its next
// supervision pass (JOBS_SUPERVISE_SECONDS, 2 s here) and the « Exécuter maintenant » accepted
// meanwhile on the other process runs: well within a minute rather than at the job's 10-minute
// expiry. It sends the reminders the killed run had not sent, none twice, and the
// back office shows the killed run « abandoned » with its process.
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CronList } from '../../../src/contracts/crons.ts'
import { signIn } from '../../../bench/lib.ts'
import { openDatabase, type Database } from '../../db/client.ts'
import { appointments } from '../../db/schema.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import type { ScratchDatabase } from '../../../tests/setup/scratch-database.ts'
import {
  becomesHealthy,
  freePort,
  spawnServer,
  stopProcess,
  type ServerProcess,
} from '../../../tests/setup/server-process.ts'
import { createPgTestDatabase } from '../../../tests/setup/test-app.ts'

const QUEUE = 'appointment-reminders-mail'
const APPOINTMENTS = 40
/** The killed run is held on this appointment's reminder (1-based, by start): the ones before it went. */
const BLOCKED_AT = 15
const HOUR = 3_600_000
/** "Within a minute" (issue #30), the bound of the waits below (a bound for a loaded machine, not a wait). */
const TAKEOVER_TIMEOUT_MS = 60_000

type Session = { origin: string; cookie: string; xsrf: string }

async function adminSession(origin: string): Promise<Session> {
  const cookie = await signIn(origin, 'admin@demo.fr')
  return { origin, cookie, xsrf: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '' }
}

function request(session: Session, url: string, method = 'GET') {
  return fetch(`${session.origin}${url}`, {
    method,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
  })
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a scheduled run whose process is killed (PostgreSQL)',
  () => {
    let scratch: ScratchDatabase | undefined
    let database: Database | undefined
    let client: pg.Client | undefined
    let work = ''
    const servers: ServerProcess[] = []

    function serverLogs(): string {
      return servers.map((server, i) => `--- server ${i + 1} stderr:\n${server.stderr.join('')}`).join('\n')
    }

    async function startServer(): Promise<ServerProcess> {
      const dataDir = mkdtempSync(path.join(work, 'data-'))
      const server = spawnServer(
        {
          port: await freePort(),
          dataDir,
          clientDir: dataDir,
          env: {
            DATABASE_URL: scratch!.url,
            FILES_DIR: path.join(work, 'files'),
            SEED_DEMO: 'true',
            // Nothing runs unless the test asks; the shortest heartbeat pg-boss takes; a lost job looked
            // for every 2 s rather than the production 15 s.
            CRONS_ENABLED: 'false',
            CRON_HEARTBEAT_SECONDS: '10',
            JOBS_SUPERVISE_SECONDS: '2',
          },
        },
        { host: '127.0.0.1' },
      )
      servers.push(server)
      expect(await becomesHealthy(server), serverLogs()).toBe(true)
      return server
    }

    beforeAll(async () => {
      scratch = await createPgTestDatabase(process.env.TEST_DATABASE_URL!)
      client = new pg.Client({ connectionString: scratch.url })
      await client.connect()
      work = mkdtempSync(path.join(tmpdir(), 'cron-kill-'))
    })

    afterAll(async () => {
      for (const server of servers) await stopProcess(server.process)
      await database?.close()
      await client?.end()
      await scratch?.drop()
      if (work) rmSync(work, { recursive: true, force: true })
    }, 60_000)

    /** Reminder rows per appointment of the test (appointment id → rows). */
    async function remindersOf(ids: number[]): Promise<Map<number, number>> {
      const { rows } = await client!.query<{ id: number; n: number }>(
        `select appointment_id as id, count(*)::int as n from mail_log
        where template = 'appointment-reminder' and appointment_id = any($1::int[]) group by 1`,
        [ids],
      )
      return new Map(rows.map((row) => [row.id, row.n]))
    }

    it('is given up within a minute, and the next run sends the rest, none twice', async () => {
      // The first process seeds the demo data (its administrator signs in); the second starts once the
      // first is dead, so the two never race on the seed.
      const first = await startServer()
      database = await openDatabase({ databaseUrl: scratch!.url, dataDir: 'memory://' })
      const { db } = database
      const { market, mission } = await insertMission(db)
      // Appointments starting within the hour (before any of the demo's), booked two days ago.
      const now = Date.now()
      const ids: number[] = []
      for (let i = 0; i < APPOINTMENTS; i += 1) {
        const lead = await insertLead(db, market.id, { email: `rdv${i}@exemple.fr` })
        const startsAt = new Date(now + 30 * 60_000 + i * 1000)
        const [row] = await db
          .insert(appointments)
          .values({
            leadId: lead.id,
            missionId: mission.id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + HOUR),
            createdAt: new Date(now - 48 * HOUR),
          })
          .returning({ id: appointments.id })
        ids.push(row!.id)
      }

      // The run is held on the BLOCKED_AT-th reminder: an uncommitted row of its own takes the unique
      // index first, so the run waits there, mid-way, its job active and beating.
      const blocker = new pg.Client({ connectionString: scratch!.url })
      await blocker.connect()
      await blocker.query('begin')
      await blocker.query(
        `insert into mail_log (template, "to", appointment_id) values ('appointment-reminder', 'x@exemple.fr', $1)`,
        [ids[BLOCKED_AT - 1]],
      )
      const admin = await adminSession(first.origin)
      expect((await request(admin, `/api/crons/${QUEUE}/run`, 'POST')).status).toBe(202)
      await vi.waitFor(
        async () => expect([...(await remindersOf(ids)).values()]).toHaveLength(BLOCKED_AT - 1),
        { timeout: 30_000, interval: 20 },
      )
      const { rows: held } = await client!.query<{ state: string; heartbeat_seconds: number }>(
        `select state, heartbeat_seconds from pgboss.job where name = $1`,
        [QUEUE],
      )
      expect(held).toEqual([{ state: 'active', heartbeat_seconds: 10 }])

      const exited = once(first.process, 'exit')
      first.process.kill('SIGKILL')
      await exited
      expect(first.process.signalCode).toBe('SIGKILL')
      // The killed process's transaction on the held reminder never commits.
      await blocker.query('rollback')
      await blocker.end()
      // The dead run's heartbeat lapses 10 s after its last beat: moved back by those 10 s in the
      // database rather than waited for, so a supervision pass (every 2 s) gives the run up.
      await client!.query(
        `update pgboss.job set heartbeat_on = heartbeat_on - heartbeat_seconds * interval '1 second'
          where name = $1 and state = 'active'`,
        [QUEUE],
      )

      // « Exécuter maintenant » on the other process while the dead run still holds the queue: accepted,
      // it starts once the dead run is given up.
      const second = await startServer()
      const other = await adminSession(second.origin)
      expect((await request(other, `/api/crons/${QUEUE}/run`, 'POST')).status).toBe(202)
      const runs = await vi.waitFor(
        async () => {
          const { rows } = await client!.query<{
            ok: boolean | null
            abandoned: boolean
            process: string
            summary: string | null
            finished: boolean
          }>(
            `select ok, abandoned, process, summary, finished_at is not null as finished
             from cron_runs where queue = $1 order by id`,
            [QUEUE],
          )
          expect(rows.map((row) => row.finished)).toEqual([true, true])
          return rows
        },
        { timeout: TAKEOVER_TIMEOUT_MS, interval: 200 },
      )
      expect(runs, serverLogs()).toEqual([
        {
          ok: false,
          abandoned: true,
          process: expect.stringMatching(new RegExp(`:${first.process.pid}$`)),
          summary: null,
          finished: true,
        },
        {
          ok: true,
          abandoned: false,
          process: expect.stringMatching(new RegExp(`:${second.process.pid}$`)),
          // The demo's own appointments may add theirs (and its past ones are logged « trop tard »).
          summary: expect.stringMatching(/^\d+ rappels confiés à l’envoi(, \d+ trop tard)?$/),
          finished: true,
        },
      ])
      const sentByNext = Number(/^\d+/.exec(runs[1]!.summary!)![0])
      expect(sentByNext).toBeGreaterThanOrEqual(APPOINTMENTS - BLOCKED_AT + 1)

      // Every appointment of the test has its reminder, once; the dead run's job failed on its heartbeat.
      const reminders = await remindersOf(ids)
      expect(ids.map((id) => reminders.get(id))).toEqual(ids.map(() => 1))
      // pg-boss completes the job once its handler has returned, a moment after the run's row is
      // finished: wait for it rather than read it once (a run under load saw it still `active`).
      await vi.waitFor(
        async () => {
          const { rows: jobs } = await client!.query<{ state: string; message: string | null }>(
            `select state, output->'value'->>'message' as message from pgboss.job where name = $1 order by created_on`,
            [QUEUE],
          )
          expect(jobs).toEqual([
            { state: 'failed', message: 'job heartbeat timeout' },
            { state: 'completed', message: null },
          ])
        },
        { timeout: 10_000, interval: 100 },
      )

      // The back office shows the dead run given up, with its process.
      const list = (await (await request(other, '/api/crons')).json()) as CronList
      const shown = list.jobs.find((job) => job.key === QUEUE)!.runs
      expect(shown.map((run) => ({ outcome: run.outcome, trigger: run.trigger }))).toEqual([
        { outcome: 'ok', trigger: 'manual' },
        { outcome: 'abandoned', trigger: 'manual' },
      ])
      expect(shown[1]!.process).toBe(runs[0]!.process)
    }, 180_000)
  },
)
