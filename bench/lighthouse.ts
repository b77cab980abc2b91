// Lighthouse (npm, 12.x) mobile performance score of a page of the real server (issue #5): the default
// config (mobile emulation, simulated 4G throttling and 4× CPU slowdown), performance category only.
// Lighthouse connects to a Debian Chromium started here with --remote-debugging-port (never a
// downloaded browser), with a fresh profile per run so that every run is a first visit.
// A signed-in page gets the session through `extraHeaders` (a Cookie header on every request of the
// page, Lighthouse's documented way to audit pages behind a login). Lighthouse itself clears the
// service worker, Cache Storage and HTTP cache before loading; the fresh profile has no IndexedDB, so
// no persisted query cache either: /home is measured as a signed-in user's first visit.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { freePort, median, stopChild } from './lib.ts'

export type LighthouseRun = {
  score: number
  metrics: Record<string, number>
  /** What the run shows about where the time goes (LCP element and phases, main thread, scripts). */
  notes: string[]
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const

type Table = { type?: string; items?: Record<string, unknown>[] }
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

function tableItems(lhr: Lhr, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details as (Table & { items?: unknown[] }) | undefined
  return (details?.items ?? []) as Record<string, unknown>[]
}

/** Where the time goes, from the audits (simulated timings, as the score uses them). */
function describe(lhr: Lhr, origin: string): string[] {
  const notes: string[] = []
  const shortUrl = (url: unknown) => String(url).replace(origin, '')
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`
  // largest-contentful-paint-element: a list of two tables, the element then its phases.
  const [element, phases] = tableItems(lhr, 'largest-contentful-paint-element') as unknown as Table[]
  const node = element?.items?.[0]?.['node'] as { nodeLabel?: string; selector?: string } | undefined
  if (node) {
    const phaseText = (phases?.items ?? [])
      .filter((phase) => Number(phase['timing']) > 0)
      .map((phase) => `${String(phase['phase'])} ${ms(phase['timing'])}`)
      .join(', ')
    notes.push(`LCP element "${node.nodeLabel ?? '?'}" (${node.selector ?? '?'}): ${phaseText}`)
  }
  const work = tableItems(lhr, 'mainthread-work-breakdown')
    .slice(0, 3)
    .map((item) => `${String(item['groupLabel'] ?? item['group'])} ${ms(item['duration'])}`)
  const longTasks = tableItems(lhr, 'long-tasks')
  const longest = longTasks[0]
  notes.push(
    `main thread: ${work.join(', ')}; ${longTasks.length} long tasks` +
      (longest ? `, longest ${ms(longest['duration'])} (${shortUrl(longest['url'])})` : ''),
  )
  const scripts = tableItems(lhr, 'network-requests').filter(
    (request) => request['resourceType'] === 'Script',
  )
  const scriptBytes = scripts.reduce((sum, request) => sum + Number(request['transferSize'] ?? 0), 0)
  notes.push(`${scripts.length} scripts, ${(scriptBytes / 1024).toFixed(1)} KB transferred`)
  notes.push(`benchmarkIndex ${lhr.environment.benchmarkIndex}`)
  return notes
}

async function waitForDebugger(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Chromium did not open its debugging port ${port}`)
}

/** One Lighthouse run of `url` in a Chromium of its own (fresh profile). */
export async function runLighthouse(
  url: string,
  extraHeaders?: Record<string, string>,
): Promise<LighthouseRun> {
  const port = await freePort()
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lh-'))
  const chromium = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  try {
    await waitForDebugger(port)
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      ...(extraHeaders ? { extraHeaders } : {}),
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const metrics: Record<string, number> = {}
    for (const [id, name] of Object.entries(METRICS))
      metrics[name] = lhr.audits[id]?.numericValue ?? Number.NaN
    const score = lhr.categories['performance']?.score ?? Number.NaN
    return { score, metrics, notes: describe(lhr, new URL(url).origin) }
  } finally {
    await stopChild(chromium)
    rmSync(profile, { recursive: true, force: true })
  }
}

/**
 * `runs` Lighthouse runs of `url`, the median score (NaN if every run failed: a run that fails, e.g.
 * a protocol timeout on a busy machine, is reported and left out); the median run is described.
 */
export async function lighthouseScore(
  label: string,
  url: string,
  runs: number,
  extraHeaders?: Record<string, string>,
): Promise<{ score: number; scores: number[]; lcp: number }> {
  const all: LighthouseRun[] = []
  const failures: string[] = []
  for (let i = 0; i < runs; i++) {
    try {
      all.push(await runLighthouse(url, extraHeaders))
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  const scores = all.map((run) => run.score)
  const score = median(scores)
  console.log(
    `  ${label}: score ${score.toFixed(2)} (runs ${scores.map((s) => s.toFixed(2)).join(' / ') || 'none'})` +
      (failures.length ? `; ${failures.length} run(s) failed: ${failures.join('; ')}` : ''),
  )
  const described = [...all].sort((a, b) => a.score - b.score)[Math.floor((all.length - 1) / 2)]
  if (described) {
    const metrics = Object.entries(described.metrics)
      .map(([name, value]) =>
        name === 'CLS' ? `${name} ${value.toFixed(3)}` : `${name} ${Math.round(value)} ms`,
      )
      .join(', ')
    console.log(`    ${metrics}`)
    for (const note of described.notes) console.log(`    ${note}`)
  }
  return { score, scores, lcp: median(all.map((run) => run.metrics['LCP'] ?? Number.NaN)) }
}
