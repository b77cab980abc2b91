// Issue #30 point 4: an import must not slow the floor. Two server processes on one PostgreSQL
// database; 8 agents on process B loop find-lead → read the lead → call (the telephony simulator:
// start, hang up) → tag, each request timed; a 50,000-row import is started on process A. Rounds
// alternate a baseline (no import) and an import (the machine is shared: each ratio is against the
// baseline just before it), and the median over rounds is reported: the agents' p95 and p99 during /
// without (targets ≤ 1.5×), and the import's rows per second (target ≥ 5,000).
// Knobs: BENCH_IMPORT_FLOOR_ROUNDS (pairs, default 5), BENCH_IMPORT_FLOOR_ROWS (50,000),
// BENCH_IMPORT_FLOOR_BASELINE_S (10), BENCH_IMPORT_FLOOR_THINK_MS (pause between an agent's requests, 50);
// BENCH_IMPORT_FLOOR_BARE=1 starts no import (each "import" phase lasts a baseline's time): the ratios
// then show the machine's own noise.
import http from 'node:http'
import { mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { ImportDetail } from '../src/contracts/imports.ts'
import type { Lead } from '../src/contracts/lead.ts'
import { writeLeadsCsv } from '../scripts/generate-import-fixtures.ts'
import { insertAccounts } from './live-sockets.ts'
import { createBenchDatabase, median, percentile, signIn, startAppServer, type RunningServer } from './lib.ts'
import { LIMITS } from './targets.ts'

const ROUNDS = Number(process.env.BENCH_IMPORT_FLOOR_ROUNDS ?? 5)
const ROWS = Number(process.env.BENCH_IMPORT_FLOOR_ROWS ?? 50_000)
const BASELINE_S = Number(process.env.BENCH_IMPORT_FLOOR_BASELINE_S ?? 10)
const THINK_MS = Number(process.env.BENCH_IMPORT_FLOOR_THINK_MS ?? 50)
const BARE = process.env.BENCH_IMPORT_FLOOR_BARE === '1'
const AGENTS = 8
/** Unmeasured time after an import (the database settles: autovacuum of the new rows) and at start. */
const SETTLE_S = 3

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 32 })

type Answer = { status: number; body: string }

function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: keepAlive }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

type Kind = 'find' | 'read' | 'call' | 'tag'
type Sample = { kind: Kind; ms: number; phase: string }

/** The phase a request belongs to: the one current when it was sent (null: not measured). */
let phase: string | null = null
const samples: Sample[] = []

type AgentSession = { sid: string; xsrf: string }

async function xsrfFor(origin: string, sid: string): Promise<string> {
  const res = await fetch(`${origin}/api/user/me`, { headers: { cookie: `sid=${sid}` } })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))
  if (!cookie) throw new Error('no XSRF cookie')
  return cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)
}

/** One agent's loop on `origin` until `stop()`: find → read → call → hang up → tag. */
function agentLoop(origin: string, who: AgentSession, stopped: () => boolean) {
  const headers = {
    cookie: `sid=${who.sid}; XSRF-TOKEN=${who.xsrf}`,
    'x-xsrf-token': who.xsrf,
    'content-type': 'application/json',
  }
  async function timed(kind: Kind | null, method: string, url: string, body?: object): Promise<unknown> {
    const at = phase
    const started = performance.now()
    const res = await send(`${origin}${url}`, method, headers, body ? JSON.stringify(body) : undefined)
    const ms = performance.now() - started
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.body}`)
    if (kind && at) samples.push({ kind, ms, phase: at })
    if (THINK_MS > 0) await sleep(THINK_MS)
    return JSON.parse(res.body) as unknown
  }
  return (async () => {
    while (!stopped()) {
      const found = (await timed('find', 'POST', '/api/lead/find-lead-to-process', {})) as {
        redirect?: string
      }
      if (!found.redirect) throw new Error('bench/import-floor: no lead to hand out')
      const uuid = found.redirect.split('/').at(-1)!
      const lead = (await timed('read', 'GET', `/api/lead/${uuid}`)) as Lead
      const step = lead.market.mission.callProcess?.callProcessSteps.find((s) => s.number === lead.step)
      const outcome = step?.callProcessTags.find(
        (t) => t.endsProcessing && !t.requiresAppointment && !t.asksRecallDate && !t.withoutCall,
      )
      if (!outcome) throw new Error(`bench/import-floor: no closing outcome at step ${lead.step}`)
      const { callId } = (await timed('call', 'POST', '/api/call/start-outbound', { leadId: lead.id })) as {
        callId: number
      }
      // The telephony's side (the provider's hang-up): not an agent's request, not measured.
      await timed(null, 'POST', `/api/dev/telephony/${callId}/hangup`, {})
      await timed('tag', 'POST', '/api/calls/tag', { leadId: lead.id, callId, callProcessTagId: outcome.id })
    }
  })()
}

type Admin = { cookie: string; xsrf: string }

async function api<T>(origin: string, who: Admin, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${origin}${url}`, {
    ...init,
    headers: { cookie: who.cookie, 'x-xsrf-token': who.xsrf, ...(init.headers as Record<string, string>) },
  })
  const body = (await res.json()) as T
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

async function waitForImport(origin: string, who: Admin, id: number, state: string): Promise<ImportDetail> {
  for (let i = 0; i < 3_000; i++) {
    const detail = await api<ImportDetail>(origin, who, `/api/imports/${id}`)
    if (detail.state === state) return detail
    if (detail.state === 'failed') throw new Error(`import failed: ${detail.error}`)
    await sleep(200)
  }
  throw new Error(`import ${id} never reached ${state}`)
}

/** CPU seconds a process has used (all its threads). */
function cpuSeconds(pid: number | string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** CPU seconds of every PostgreSQL process of the machine (other work on it included). */
function postgresCpuSeconds(): number {
  let total = 0
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) total += cpuSeconds(pid)
    } catch {
      // Gone meanwhile.
    }
  }
  return total
}

function stats(phaseName: string) {
  const of = (kind?: Kind) =>
    samples
      .filter((s) => s.phase === phaseName && (!kind || s.kind === kind))
      .map((s) => s.ms)
      .sort((a, b) => a - b)
  const all = of()
  return {
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    count: all.length,
    byKind: Object.fromEntries(
      (['find', 'read', 'call', 'tag'] as const).map((kind) => [kind, percentile(of(kind), 95)]),
    ),
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`

export async function measureImportFloor(): Promise<Record<string, number>> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-import-floor-'))
  const filesDir = path.join(work, 'files')
  const database = await createBenchDatabase()
  const env = {
    DATABASE_URL: database.url,
    FILES_DIR: filesDir,
    CRONS_ENABLED: 'false',
    // The bench hangs each call up itself.
    SIMULATOR_ANSWER_DELAY_MS: '600000',
  }
  let a: RunningServer | undefined
  let b: RunningServer | undefined
  const client = new pg.Client({ connectionString: database.url })
  let stopAgents = false
  let agents: Promise<void>[] = []
  try {
    // One after the other: the first seeds the demo data, the second finds it.
    a = await startAppServer(env)
    b = await startAppServer(env)
    await client.connect()
    const accounts = await insertAccounts(client, AGENTS, 0)
    await client.query(`update users set aircall_id = 910000 + id where id = any($1::int[])`, [
      accounts.map((x) => x.userId),
    ])
    await client.query(
      `insert into mission_users (mission_id, user_id) select m.id, u from missions m, unnest($1::int[]) as u`,
      [accounts.map((x) => x.userId)],
    )
    const adminCookie = await signIn(a.origin, 'admin@demo.fr')
    const admin = { cookie: adminCookie, xsrf: /XSRF-TOKEN=([^;]+)/.exec(adminCookie)?.[1] ?? '' }
    const markets = await api<{ items: { id: number; missionId: number }[] }>(
      a.origin,
      admin,
      '/api/markets?pageSize=1',
    )
    const market = markets.items[0]!
    // Every round's import uploaded and analysed before anything is measured (a file of its own each:
    // the same phones again would all be skipped as duplicates), and a first one run: the leads the
    // agents are handed out (the demo's alone run out within a minute).
    const ready: ImportDetail[] = []
    for (let round = 0; round <= (BARE ? 0 : ROUNDS); round++) {
      const file = path.join(work, `leads-${round}.csv`)
      await writeLeadsCsv(file, ROWS, {
        badRatio: 0.02,
        duplicateRatio: 0.03,
        seed: 30_004 + round * 1_000_003,
      })
      const form = new FormData()
      form.append('file', await openAsBlob(file), `leads-${round}.csv`)
      const uploaded = await api<ImportDetail>(a.origin, admin, '/api/imports', {
        method: 'POST',
        body: form,
      })
      await api(a.origin, admin, `/api/imports/${uploaded.id}/settings`, {
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
      ready.push(await waitForImport(a.origin, admin, uploaded.id, 'ready'))
    }
    const stock = ready.shift()!
    await api(a.origin, admin, `/api/imports/${stock.id}/start`, { method: 'POST' })
    await waitForImport(a.origin, admin, stock.id, 'done')
    await client.query('vacuum analyze')

    const sessions = await Promise.all(
      accounts.map(async (x) => ({ sid: x.sid, xsrf: await xsrfFor(b!.origin, x.sid) })),
    )
    agents = sessions.map((s) => agentLoop(b!.origin, s, () => stopAgents))
    const failed = Promise.race(agents).then(() => {})
    const during = async (seconds: number) => Promise.race([sleep(seconds * 1000), failed])
    await during(SETTLE_S)

    const rounds: {
      base: ReturnType<typeof stats>
      busy: ReturnType<typeof stats>
      rowsPerS: number
      onA: boolean
      nodeA: number
      pgExtra: number
    }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      phase = `base-${round}`
      const baseStarted = performance.now()
      const pgBase = postgresCpuSeconds()
      await during(BASELINE_S)
      const pgBaseRate = (postgresCpuSeconds() - pgBase) / ((performance.now() - baseStarted) / 1000)
      phase = `import-${round}`
      const cpuA = cpuSeconds(a.process.pid!)
      const pgBusy = postgresCpuSeconds()
      const started = performance.now()
      let rowsPerS = Number.NaN
      if (BARE) await during(BASELINE_S)
      else {
        await api(a.origin, admin, `/api/imports/${ready[round]!.id}/start`, { method: 'POST' })
        const done = await Promise.race([waitForImport(a.origin, admin, ready[round]!.id, 'done'), failed])
        if (!done) throw new Error('bench/import-floor: an agent stopped')
        rowsPerS = done.totalRows / (done.durationMs! / 1000)
      }
      // Where the import ran: process A does nothing else (the administrator's polls aside).
      const seconds = (performance.now() - started) / 1000
      const nodeA = cpuSeconds(a.process.pid!) - cpuA
      const onA = nodeA > 1
      // PostgreSQL's CPU beyond the baseline's rate (the machine's other work makes it rough).
      const pgExtra = postgresCpuSeconds() - pgBusy - pgBaseRate * seconds
      phase = null
      // What autovacuum does a minute later, done now: each baseline plans on the leads as they are.
      if (!BARE) await client.query('vacuum analyze leads')
      rounds.push({
        base: stats(`base-${round}`),
        busy: stats(`import-${round}`),
        rowsPerS,
        onA,
        nodeA,
        pgExtra,
      })
      await during(SETTLE_S)
    }
    stopAgents = true
    await Promise.all(agents)

    const p95Ratios = rounds.map((r) => r.busy.p95 / r.base.p95)
    const p99Ratios = rounds.map((r) => r.busy.p99 / r.base.p99)
    const p95Ratio = median(p95Ratios)
    const p99Ratio = median(p99Ratios)
    const rowsPerS = median(rounds.map((r) => r.rowsPerS))
    const ok = (pass: boolean) => (pass ? 'OK' : 'OVER TARGET')
    console.log(
      `\n## agents on one process while a ${ROWS.toLocaleString('en')}-row import runs on the other (PostgreSQL, ${AGENTS} agents, ${ROUNDS} rounds${BARE ? ', BARE: no import' : ''})`,
    )
    for (const [index, r] of rounds.entries()) {
      const kinds = (s: ReturnType<typeof stats>) =>
        Object.entries(s.byKind)
          .map(([kind, value]) => `${kind} ${ms(value)}`)
          .join(', ')
      console.log(
        `  round ${index + 1}: p95 ${ms(r.base.p95)} → ${ms(r.busy.p95)} (×${p95Ratios[index]!.toFixed(2)}), p99 ${ms(r.base.p99)} → ${ms(r.busy.p99)} (×${p99Ratios[index]!.toFixed(2)}); ` +
          `${r.base.count} / ${r.busy.count} requests; p95 by request without: ${kinds(r.base)}; during: ${kinds(r.busy)}; ` +
          `${BARE ? 'no import' : `import ${Math.round(r.rowsPerS).toLocaleString('en')} rows/s on process ${r.onA ? 'A' : 'B (the agents’ own)'}`}; CPU: process A ${r.nodeA.toFixed(1)} s, PostgreSQL ~${r.pgExtra.toFixed(1)} s over the baseline's rate`,
      )
    }
    console.log(
      `  median: p95 ×${p95Ratio.toFixed(2)}, p99 ×${p99Ratio.toFixed(2)} → ${ok(p95Ratio <= LIMITS.importFloor.toBaseline && p99Ratio <= LIMITS.importFloor.toBaseline)} (≤ ${LIMITS.importFloor.toBaseline}×); ` +
        `import ${Math.round(rowsPerS).toLocaleString('en')} rows/s → ${ok(rowsPerS >= LIMITS.importFloor.rowsPerS)} (≥ ${LIMITS.importFloor.rowsPerS.toLocaleString('en')})`,
    )
    return {
      importFloorP95Ratio: p95Ratio,
      importFloorP99Ratio: p99Ratio,
      importFloorRowsPerS: rowsPerS,
      importFloorBaseP95Ms: median(rounds.map((r) => r.base.p95)),
      importFloorBusyP95Ms: median(rounds.map((r) => r.busy.p95)),
      importFloorRoundsOnA: rounds.filter((r) => r.onA).length,
    }
  } finally {
    stopAgents = true
    await Promise.allSettled(agents)
    keepAlive.destroy()
    await client.end().catch(() => {})
    await b?.stop()
    await a?.stop()
    await database.drop()
    rmSync(work, { recursive: true, force: true })
  }
}
