// Lead extraction of 100,000 leads to CSV over HTTP (issue #13; targets: first byte < 1 s, ≥ 50,000
// rows/s), on PGlite and on PostgreSQL. The streamed path is measured with the streaming limit raised
// above 100,000 (EXTRACTION_STREAM_MAX_ROWS): time to first byte and rows per second of the download,
// for an administrator (every lead) and a manager (the lead-visibility rule in every chunk). Then the
// background job on the default limit: rows per second from the request to the file being ready.
import { performance } from 'node:perf_hooks'
import type { ExtractionColumn, ExtractionPage } from '../src/contracts/extractions.ts'
import { signIn, onBothDatabases, startAppServer } from './lib.ts'
import { prepare } from './lead-search.ts'

const TTFB_TARGET_MS = 1_000
const ROWS_PER_S_TARGET = 50_000
/** The columns of a typical call-centre export, the computed ones (last outcome, calls) included. */
const COLUMNS: ExtractionColumn[] = [
  'id',
  'firstName',
  'lastName',
  'phone',
  'secondaryPhone',
  'email',
  'postalCode',
  'city',
  'mission',
  'market',
  'status',
  'step',
  'meetRequestDate',
  'lastOutcome',
  'lastCallDate',
  'callCount',
  'appointmentDate',
]

type Target = { label: string; databaseUrl?: string; dataDir?: string }
type Session = { cookie: string; xsrf: string }

async function session(origin: string, email: string): Promise<Session> {
  const cookie = await signIn(origin, email)
  return { cookie, xsrf: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '' }
}

function post(origin: string, who: Session, body: unknown) {
  return fetch(`${origin}/api/extractions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'identity',
      cookie: who.cookie,
      'x-xsrf-token': who.xsrf,
    },
    body: JSON.stringify(body),
  })
}

/** Streams the download, counting lines; time to first byte and to the last one. */
async function streamed(origin: string, who: Session) {
  const started = performance.now()
  const response = await post(origin, who, { filters: {}, columns: COLUMNS, format: 'csv' })
  if (response.status !== 200)
    throw new Error(`extraction answered ${response.status}: ${await response.text()}`)
  let firstByteMs = 0
  let lines = 0
  let bytes = 0
  const reader = response.body!.getReader()
  for (;;) {
    const { done, value: chunk } = await reader.read()
    if (done) break
    if (bytes === 0) firstByteMs = performance.now() - started
    bytes += chunk.length
    for (const byte of chunk) if (byte === 10) lines += 1
  }
  const totalMs = performance.now() - started
  const rows = lines - 1
  return { firstByteMs, totalMs, rows, bytes, rowsPerS: rows / (totalMs / 1000) }
}

/** The background job: from the request until the history says the file is ready. */
async function background(origin: string, who: Session) {
  const started = performance.now()
  const response = await post(origin, who, { filters: {}, columns: COLUMNS, format: 'csv' })
  if (response.status !== 202) throw new Error(`expected a background extraction, got ${response.status}`)
  const { id } = (await response.json()) as { id: number }
  for (;;) {
    const page = (await (
      await fetch(`${origin}/api/extractions`, { headers: { cookie: who.cookie } })
    ).json()) as ExtractionPage
    const item = page.items.find((entry) => entry.id === id)
    if (item?.state === 'failed') throw new Error(`background extraction failed: ${item.error}`)
    if (item?.state === 'done') {
      const totalMs = performance.now() - started
      return { rows: item.rowCount ?? 0, totalMs, rowsPerS: (item.rowCount ?? 0) / (totalMs / 1000) }
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

function verdict(ok: boolean) {
  return ok ? 'OK' : 'OVER TARGET'
}

async function measureOn(target: Target): Promise<Record<string, number>> {
  await prepare(target)
  const base: Record<string, string> = target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir! }
  const results: Record<string, number> = {}
  const key = target.label === 'PGlite' ? 'Pglite' : 'Postgres'
  console.log(`\n## extraction of 100,000 leads to CSV on ${target.label} (${COLUMNS.length} columns)`)
  const app = await startAppServer({ ...base, EXTRACTION_STREAM_MAX_ROWS: '1000000' })
  try {
    for (const [role, email] of [
      ['admin', 'admin@demo.fr'],
      ['manager', 'manager@demo.fr'],
    ] as const) {
      const who = await session(app.origin, email)
      await streamed(app.origin, who) // warm-up
      const run = await streamed(app.origin, who)
      console.log(
        `  streamed (${role}): ${run.rows.toLocaleString('en')} rows, ${(run.bytes / 1_048_576).toFixed(1)} MB, ` +
          `first byte ${run.firstByteMs.toFixed(0)} ms → ${verdict(run.firstByteMs < TTFB_TARGET_MS)} (< ${TTFB_TARGET_MS} ms), ` +
          `${Math.round(run.rowsPerS).toLocaleString('en')} rows/s → ${verdict(run.rowsPerS >= ROWS_PER_S_TARGET)} (≥ ${ROWS_PER_S_TARGET.toLocaleString('en')})`,
      )
      const name = role === 'admin' ? 'Admin' : 'Manager'
      results[`extraction${key}${name}FirstByteMs`] = run.firstByteMs
      results[`extraction${key}${name}RowsPerS`] = run.rowsPerS
    }
  } finally {
    await app.stop()
  }
  const jobApp = await startAppServer(base)
  try {
    const run = await background(jobApp.origin, await session(jobApp.origin, 'admin@demo.fr'))
    console.log(
      `  background job (admin, default limit): ${run.rows.toLocaleString('en')} rows, file ready in ${(run.totalMs / 1000).toFixed(1)} s, ` +
        `${Math.round(run.rowsPerS).toLocaleString('en')} rows/s`,
    )
    results[`extraction${key}JobRowsPerS`] = run.rowsPerS
  } finally {
    await jobApp.stop()
  }
  return results
}

export async function measureExtraction(): Promise<Record<string, number>> {
  return onBothDatabases('extraction', measureOn)
}

// `npx tsx bench/extraction.ts` (or node): this benchmark alone.
if (import.meta.main) console.log(JSON.stringify(await measureExtraction(), null, 2))
