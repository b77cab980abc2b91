// @both-databases: an import whose process is killed.
// Issue #13 "Jobs that survive restarts and several processes": resume after the job's process is
// killed mid-import. import-processes.test.ts stops a process gracefully (app.close hands the job
// back); here a real server process (`node server/main.ts`) is killed with SIGKILL, as the OOM killer
// or a lost host would: no hook runs, the lead-import job stays 'active' and only its heartbeat stops.
// A second process on the same database and FILES_DIR must get the job once pg-boss notices the lost
// heartbeat, and resume from the checkpoint: every line of the file counted once, no lead written twice.
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import type { MarketPage } from '../../../src/contracts/markets.ts'
import { signIn } from '../../../bench/lib.ts'
import { writeLeadsCsv } from '../../../scripts/generate-import-fixtures.ts'
import type { ScratchDatabase } from '../../../tests/setup/scratch-database.ts'
import {
  becomesHealthy,
  freePort,
  spawnServer,
  stopProcess,
  type ServerProcess,
} from '../../../tests/setup/server-process.ts'
import { createPgTestDatabase } from '../../../tests/setup/test-app.ts'
import { IMPORT_QUEUE } from '../../domain/imports/job.ts'

const ROWS = 20_000
/** The kill comes once this many rows are committed: mid-import, with a checkpoint to resume from. */
const KILL_AFTER_ROWS = 500
/**
 * pg-boss 12 fails a job whose heartbeat is stale (heartbeatSeconds 10, server/jobs/import.ts) in its
 * monitor pass, run every JOBS_SUPERVISE_SECONDS (server/config.ts; 2 s here). A bound for a loaded CI
 * machine, not a wait.
 */
const RESUME_TIMEOUT_MS = 120_000

type Session = { origin: string; cookie: string; xsrf: string }

type ImportRow = {
  state: string
  rowsDone: number
  totalRows: number
  importedCount: number
  updatedCount: number
  skippedCount: number
  rejectedCount: number
  error: string | null
}

type JobRow = { state: string; retryCount: number }

async function adminSession(origin: string): Promise<Session> {
  const cookie = await signIn(origin, 'admin@demo.fr')
  return { origin, cookie, xsrf: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '' }
}

/** A request as the signed-in administrator; anything but 2xx throws with the answer's body. */
async function api<T>(session: Session, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${session.origin}${url}`, {
    ...init,
    headers: {
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
      ...(init.headers as Record<string, string> | undefined),
    },
  })
  const body = await response.text()
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${body}`)
  return JSON.parse(body) as T
}

async function importRow(client: pg.Client, id: number): Promise<ImportRow> {
  const { rows } = await client.query<ImportRow>(
    `select state, rows_done as "rowsDone", total_rows as "totalRows", imported_count as "importedCount",
            updated_count as "updatedCount", skipped_count as "skippedCount",
            rejected_count as "rejectedCount", error
       from imports where id = $1`,
    [id],
  )
  return rows[0]!
}

async function importJobs(client: pg.Client, id: number): Promise<JobRow[]> {
  const { rows } = await client.query<JobRow>(
    `select state, retry_count as "retryCount" from pgboss.job
      where name = $1 and (data->>'importId')::int = $2`,
    [IMPORT_QUEUE, id],
  )
  return rows
}

/**
 * Polls the database until the import satisfies `reached` (or failed, which no wait may hide: the
 * caller's assertion then shows it).
 */
function waitForImport(
  client: pg.Client,
  id: number,
  reached: (row: ImportRow) => boolean,
  { timeout, interval = 20 }: { timeout: number; interval?: number },
): Promise<ImportRow> {
  return vi.waitFor(
    async () => {
      const row = await importRow(client, id)
      if (!reached(row) && row.state !== 'failed') throw new Error(`import ${id}: ${JSON.stringify(row)}`)
      return row
    },
    { timeout, interval },
  )
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an import whose server process is killed (PostgreSQL)',
  () => {
    let database: ScratchDatabase | undefined
    let client: pg.Client | undefined
    let work = ''
    const servers: ServerProcess[] = []

    /** What the servers wrote on stderr, for the assertion messages (their stderr is not inherited). */
    function serverLogs(): string {
      return servers
        .map((server, index) => `--- server ${index + 1} stderr:\n${server.stderr.join('')}`)
        .join('\n')
    }

    /** A real server process on the scratch database, the shared FILES_DIR and a data folder of its own. */
    async function startServer(): Promise<ServerProcess> {
      const dataDir = mkdtempSync(path.join(work, 'data-'))
      const server = spawnServer(
        {
          port: await freePort(),
          dataDir,
          // A folder without index.html: the API alone, whatever the state of dist/.
          clientDir: dataDir,
          env: {
            DATABASE_URL: database!.url,
            FILES_DIR: path.join(work, 'files'),
            SEED_DEMO: 'true',
            // The lost job is looked for every 2 s rather than the production 15 s (server/config.ts).
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
      database = await createPgTestDatabase(process.env.TEST_DATABASE_URL!)
      client = new pg.Client({ connectionString: database.url })
      await client.connect()
      work = mkdtempSync(path.join(tmpdir(), 'import-kill-'))
      mkdirSync(path.join(work, 'files'))
      await writeLeadsCsv(path.join(work, 'leads.csv'), ROWS, {
        badRatio: 0.02,
        duplicateRatio: 0.03,
        seed: 13,
      })
    })

    afterAll(async () => {
      for (const server of servers) await stopProcess(server.process)
      await client?.end()
      await database?.drop()
      if (work) rmSync(work, { recursive: true, force: true })
    }, 60_000)

    it('is resumed by another process once the job heartbeat is lost: no row lost, none doubled', async () => {
      // The first process seeds the demo data; the second starts only once the first is dead, on the
      // seeded database (the seed then does nothing), so the two never race on it.
      const first = await startServer()
      const admin = await adminSession(first.origin)
      const { items } = await api<MarketPage>(admin, '/api/markets?pageSize=1')
      const market = items[0]!
      const form = new FormData()
      form.append('file', await openAsBlob(path.join(work, 'leads.csv')), 'leads.csv')
      const uploaded = await api<ImportDetail>(admin, '/api/imports', { method: 'POST', body: form })
      await api(admin, `/api/imports/${uploaded.id}/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          missionId: market.missionId,
          marketMode: { kind: 'fixed', marketId: market.id },
          columns: uploaded.columns,
          duplicatePolicy: 'skip',
          version: uploaded.version,
        }),
      })
      const ready = await waitForImport(client!, uploaded.id, (row) => row.state === 'ready', {
        timeout: 60_000,
      })
      expect(ready, serverLogs()).toMatchObject({ state: 'ready', totalRows: ROWS })
      await api(admin, `/api/imports/${uploaded.id}/start`, { method: 'POST' })

      // A short interval: a batch of 500 rows takes a few tens of milliseconds on PostgreSQL.
      const running = await waitForImport(
        client!,
        uploaded.id,
        (row) => row.state === 'running' && row.rowsDone >= KILL_AFTER_ROWS,
        { timeout: 60_000, interval: 5 },
      )
      expect(running.state, serverLogs()).toBe('running')
      const exited = once(first.process, 'exit')
      first.process.kill('SIGKILL')
      await exited
      expect(first.process.signalCode).toBe('SIGKILL')

      // Nobody ended the run or released the job: the import is cut short, its job still held.
      const killed = await importRow(client!, uploaded.id)
      expect(killed.state).toBe('running')
      expect(killed.rowsDone).toBeGreaterThanOrEqual(KILL_AFTER_ROWS)
      expect(killed.rowsDone).toBeLessThan(ROWS)
      expect(await importJobs(client!, uploaded.id)).toEqual([{ state: 'active', retryCount: 0 }])

      // The dead worker's heartbeat lapses 10 s after its last beat: moved back by those 10 s in the
      // database rather than waited for, so the next monitor pass (every 2 s) gives the job up.
      await client!.query(
        `update pgboss.job set heartbeat_on = heartbeat_on - heartbeat_seconds * interval '1 second'
          where name = $1 and (data->>'importId')::int = $2 and state = 'active'`,
        [IMPORT_QUEUE, uploaded.id],
      )
      await startServer()
      const done = await waitForImport(client!, uploaded.id, (row) => row.state === 'done', {
        timeout: RESUME_TIMEOUT_MS,
        interval: 200,
      })
      expect(done, serverLogs()).toMatchObject({
        state: 'done',
        rowsDone: ROWS,
        totalRows: ROWS,
        updatedCount: 0,
      })
      expect(done.importedCount + done.skippedCount + done.rejectedCount).toBe(ROWS)
      expect(done.importedCount).toBeGreaterThan(0)
      expect(done.skippedCount + done.rejectedCount).toBeGreaterThan(0)

      // Every imported line once: as many leads as distinct lines, as many as the import counted.
      const { rows: leads } = await client!.query<{ total: number; lines: number }>(
        `select count(*)::int as total, count(distinct import_line)::int as lines from leads where import_id = $1`,
        [uploaded.id],
      )
      expect(leads).toEqual([{ total: done.importedCount, lines: done.importedCount }])
      // The rejection report keeps one row per line (a replayed batch would count its lines twice in
      // skipped/rejected while its rejection rows, keyed by line, stay single).
      const { rows: report } = await client!.query<{ total: number }>(
        `select count(*)::int as total from import_rejections where import_id = $1`,
        [uploaded.id],
      )
      expect(report).toEqual([{ total: done.skippedCount + done.rejectedCount }])

      // The same job, failed once on its lost heartbeat and retried on the second process; the engine
      // marks it completed just after the handler returns.
      await vi.waitFor(
        async () => {
          const [job, ...others] = await importJobs(client!, uploaded.id)
          expect(others).toEqual([])
          expect(job?.state).toBe('completed')
          expect(job?.retryCount).toBeGreaterThanOrEqual(1)
        },
        { timeout: 10_000, interval: 20 },
      )
    }, 300_000)
  },
)
