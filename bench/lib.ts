// Shared helpers of the benchmark scripts: start the real server on a free port
// (tests/setup/server-process.ts), sign in, percentiles.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createScratchDatabase, type ScratchDatabase } from '../tests/setup/scratch-database.ts'
import { answers, becomesHealthy, freePort, spawnServer, stopProcess } from '../tests/setup/server-process.ts'

export { freePort }

export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  if (!(await answers(url, { timeoutMs, intervalMs: 250 }))) throw new Error(`timeout waiting for ${url}`)
}

export type RunningServer = { origin: string; process: ChildProcess; stop: () => Promise<void> }

/** The real server (built client + API) with a fresh PGlite (or env DATABASE_URL) and demo data. */
export async function startAppServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'))
  const server = spawnServer({ port, dataDir, env }, { stderr: 'inherit', host: '127.0.0.1' })
  if (!(await becomesHealthy(server, 120_000)))
    throw new Error(`the server did not answer ${server.origin}/api/healthcheck`)
  return { origin: server.origin, process: server.process, stop: () => stopChild(server.process) }
}

export function stopChild(child: ChildProcess): Promise<void> {
  return stopProcess(child)
}

/** Signs in through the real API (XSRF pair included) and returns the Cookie header to reuse. */
export async function signIn(origin: string, email: string, password = 'Demo1234!'): Promise<string> {
  const first = await fetch(`${origin}/api/user/me`)
  const jar = new Map<string, string>()
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      jar.set(name!, rest.join('='))
    }
  }
  keep(first)
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  keep(res)
  return cookie()
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

/** Value at percentile p (0–100) of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** A fresh PostgreSQL database for one benchmark (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else local). */
export function createBenchDatabase(): Promise<ScratchDatabase> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ||
    process.env.TEST_DATABASE_URL ||
    'postgres://postgres@127.0.0.1:5432/test'
  return createScratchDatabase(baseUrl, 'bench')
}

/** Where a benchmark runs: the embedded PGlite in a data directory, or a PostgreSQL database. */
export type BenchTarget = { label: 'PGlite' | 'PostgreSQL'; dataDir?: string; databaseUrl?: string }

/**
 * Runs `measure` on a fresh PGlite directory, then on a fresh PostgreSQL database (each removed
 * after), and merges their figures: the shape every two-database benchmark shares.
 */
export async function onBothDatabases(
  name: string,
  measure: (target: BenchTarget) => Promise<Record<string, number>>,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {}
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`))
  try {
    Object.assign(results, await measure({ label: 'PGlite', dataDir }))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const database = await createBenchDatabase()
  try {
    Object.assign(results, await measure({ label: 'PostgreSQL', databaseUrl: database.url }))
  } finally {
    await database.drop()
  }
  return results
}

/** Median of some values (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
