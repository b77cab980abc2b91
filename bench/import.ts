// Lead import of a 100,000-row CSV (issue #13; targets: ≥ 5,000 rows/s on PostgreSQL, ≥ 2,000 on
// PGlite, the server's RSS growing by less than 200 MB, GET /api/user/me p99 of a signed-in agent
// < 50 ms while the import runs). The real server with its demo data; a generated French file (2 %
// bad rows, 3 % duplicates) uploaded, set, analysed and imported through the real API, as a user would.
// Rows/s is the job's own (rows / (finished − started)); the RSS is sampled from /proc while it runs;
// the agent's p99 is measured at rest and during the import in the same run.
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import type { ImportDetail } from '../src/contracts/imports.ts'
import { writeLeadsCsv } from '../scripts/generate-import-fixtures.ts'
import { createBenchDatabase, signIn, startAppServer } from './lib.ts'

const ROWS = 100_000
const TARGET_ROWS_PER_S: Record<string, number> = { PGlite: 2_000, PostgreSQL: 5_000 }
const TARGET_RSS_GROWTH_MB = 200
const TARGET_ME_P99_MS = 50
/** The agent's pace: a few requests a second, like a busy page (not a flood that would starve the import). */
const AGENT_RATE = 20

type Target = { label: string; databaseUrl?: string; dataDir?: string }
type Session = { cookie: string; xsrf: string }

async function session(origin: string, email: string): Promise<Session> {
  const cookie = await signIn(origin, email)
  return { cookie, xsrf: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '' }
}

async function api<T>(origin: string, who: Session, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${origin}${url}`, {
    ...init,
    headers: { cookie: who.cookie, 'x-xsrf-token': who.xsrf, ...(init.headers as Record<string, string>) },
  })
  const body = (await res.json()) as T
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
}

async function waitForImport(
  origin: string,
  who: Session,
  id: number,
  states: string[],
): Promise<ImportDetail> {
  for (let i = 0; i < 6_000; i++) {
    const detail = await api<ImportDetail>(origin, who, `/api/imports/${id}`)
    if (states.includes(detail.state)) return detail
    if (detail.state === 'failed') throw new Error(`import failed: ${detail.error}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`import ${id} never reached ${states.join('|')}`)
}

/** GET /api/user/me at the agent's pace until stopped; the p99 of the whole time. */
export function agentLoad(origin: string, cookie: string) {
  let instance: autocannon.Instance | undefined
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `${origin}/api/user/me`,
        headers: { cookie },
        connections: 1,
        overallRate: AGENT_RATE,
        duration: 3600,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
  return {
    stop: async () => {
      instance!.stop()
      const result = await finished
      if (result.non2xx > 0) throw new Error(`GET /api/user/me: ${result.non2xx} failures`)
      return { p99: result.latency.p99, max: result.latency.max, requests: result.requests.total }
    },
  }
}

/** p99 of GET /api/user/me at the agent's pace for `seconds`. */
async function meP99(origin: string, cookie: string, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `${origin}/api/user/me`,
    headers: { cookie },
    connections: 1,
    overallRate: AGENT_RATE,
    duration: seconds,
  })
  if (result.non2xx > 0) throw new Error(`GET /api/user/me: ${result.non2xx} failures`)
  return result.latency.p99
}

async function measureOn(target: Target, file: string): Promise<Record<string, number>> {
  const env: Record<string, string> = target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir! }
  const filesDir = mkdtempSync(path.join(tmpdir(), 'bench-import-files-'))
  const app = await startAppServer({ ...env, FILES_DIR: filesDir })
  const pid = app.process.pid!
  try {
    const admin = await session(app.origin, 'admin@demo.fr')
    const agent = await signIn(app.origin, 'teleop1@demo.fr')
    const markets = await api<{ items: { id: number; missionId: number }[] }>(
      app.origin,
      admin,
      '/api/markets?pageSize=1',
    )
    const market = markets.items[0]!
    const form = new FormData()
    form.append('file', await openAsBlob(file), 'leads-100000.csv')
    const uploaded = await api<ImportDetail>(app.origin, admin, '/api/imports', {
      method: 'POST',
      body: form,
    })
    await api(app.origin, admin, `/api/imports/${uploaded.id}/settings`, {
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
    const analysisStarted = performance.now()
    const ready = await waitForImport(app.origin, admin, uploaded.id, ['ready'])
    const analysisS = (performance.now() - analysisStarted) / 1000
    const restP99 = await meP99(app.origin, agent, 5)
    const rssBefore = rssKb(pid)
    let rssPeak = rssBefore
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(pid))), 100)
    await api(app.origin, admin, `/api/imports/${uploaded.id}/start`, { method: 'POST' })
    // The agent keeps working while the import runs.
    const load = agentLoad(app.origin, agent)
    const done = await waitForImport(app.origin, admin, uploaded.id, ['done'])
    const busy = await load.stop()
    clearInterval(sampler)
    const rowsPerS = done.totalRows / (done.durationMs! / 1000)
    const growthMb = (rssPeak - rssBefore) / 1024
    const busyP99 = busy.p99
    const ok = (pass: boolean) => (pass ? 'OK' : 'OVER TARGET')
    console.log(`\n## import of a ${ROWS.toLocaleString('en')}-row CSV on ${target.label}`)
    console.log(
      `  analysis ${analysisS.toFixed(1)} s (${ready.validRows} valid, ${ready.errorRows} errors, ${ready.duplicateRows} duplicates); ` +
        `import ${(done.durationMs! / 1000).toFixed(1)} s: ${done.importedCount} imported, ${done.skippedCount} skipped, ${done.rejectedCount} rejected`,
    )
    console.log(
      `  ${Math.round(rowsPerS).toLocaleString('en')} rows/s → ${ok(rowsPerS >= TARGET_ROWS_PER_S[target.label]!)} (≥ ${TARGET_ROWS_PER_S[target.label]!.toLocaleString('en')}); ` +
        `RSS +${growthMb.toFixed(0)} MB (peak ${(rssPeak / 1024).toFixed(0)} MB) → ${ok(growthMb < TARGET_RSS_GROWTH_MB)} (< ${TARGET_RSS_GROWTH_MB} MB)`,
    )
    console.log(
      `  GET /api/user/me p99 (agent, ${AGENT_RATE} req/s): at rest ${restP99.toFixed(1)} ms, during the import ${busyP99.toFixed(1)} ms ` +
        `(${busy.requests} requests, max ${busy.max.toFixed(0)} ms) → ${ok(busyP99 < TARGET_ME_P99_MS)} (< ${TARGET_ME_P99_MS} ms)`,
    )
    const key = target.label === 'PGlite' ? 'Pglite' : 'Postgres'
    return {
      [`import${key}RowsPerS`]: rowsPerS,
      [`import${key}RssGrowthMb`]: growthMb,
      [`import${key}MeP99RestMs`]: restP99,
      [`import${key}MeP99BusyMs`]: busyP99,
      [`import${key}AnalysisS`]: analysisS,
    }
  } finally {
    await app.stop()
    rmSync(filesDir, { recursive: true, force: true })
  }
}

export async function measureImport(): Promise<Record<string, number>> {
  const results: Record<string, number> = {}
  const work = mkdtempSync(path.join(tmpdir(), 'bench-import-'))
  const file = path.join(work, 'leads-100000.csv')
  try {
    await writeLeadsCsv(file, ROWS, { badRatio: 0.02, duplicateRatio: 0.03, seed: 20261125 })
    const only = process.env.BENCH_IMPORT_ONLY
    if (only !== 'postgres')
      Object.assign(results, await measureOn({ label: 'PGlite', dataDir: path.join(work, 'data') }, file))
    if (only !== 'pglite') {
      const database = await createBenchDatabase()
      try {
        Object.assign(results, await measureOn({ label: 'PostgreSQL', databaseUrl: database.url }, file))
      } finally {
        await database.drop()
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return results
}

// `./node_modules/.bin/node bench/import.ts`: this benchmark alone (BENCH_IMPORT_ONLY=pglite|postgres).
if (import.meta.main) console.log(JSON.stringify(await measureImport(), null, 2))
