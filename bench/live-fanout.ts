// Live channel fan-out (issue #3): 2,000 authenticated sockets on one server process, each
// subscribed to its own `user:{id}:lead:update`, plus 200 administrators' sockets on the channel of
// one of those users (201 subscribers there). A round publishes once on each of the 2,000 channels,
// i.e. 2,200 deliveries, and times the publish → arrival of every one. Baseline in the same run: a
// bare `ws` server broadcasting one message per round to as many sockets; both run in alternating
// blocks of rounds, so machine noise hits both alike.
//
// The server runs on a fresh PostgreSQL database, where the bench writes users and sessions directly
// (bench/live-sockets.ts). Publishing: the bench speaks the server bus (NOTIFY), as another server
// process does; a smaller sample goes end to end through POST /api/dev/live/publish.
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import type WebSocket from 'ws'
import { BUS_CHANNEL, type BusEnvelope } from '../server/live/bus.ts'
import {
  createBenchDatabase,
  freePort,
  median,
  percentile,
  startAppServer,
  stopChild,
  type RunningServer,
} from './lib.ts'
import {
  createCollector,
  insertAccounts,
  openAll,
  openAppSocket,
  openBareSocket,
  startBareWs,
  type Account,
  type Collector,
} from './live-sockets.ts'
import { LIMITS } from './targets.ts'

const TELEOPERATORS = 2000
const WATCHERS = 200
const PER_ROUND = TELEOPERATORS + WATCHERS
const BLOCKS = 6
const ROUNDS_PER_BLOCK = Number(process.env.BENCH_LIVE_ROUNDS_PER_BLOCK ?? 10)
const WARMUP_ROUNDS = 5
const HTTP_PUBLISHES = 100

type Side = {
  collector: Collector
  publish: (round: number) => Promise<void>
  round: number
  latencies: number[]
  elapsedMs: number
  /** Deliveries per second of each recorded block (the ratio is the median of the blocks' ratios). */
  blockRates: number[]
}
type Figures = { p50: number; p95: number; p99: number; perSecond: number }

async function runRounds(side: Side, rounds: number, record: boolean) {
  const started = performance.now()
  for (let i = 0; i < rounds; i += 1, side.round += 1) {
    const done = side.collector.start(side.round)
    await side.publish(side.round)
    await done
  }
  const taken = side.collector.take()
  if (!record) return
  const elapsed = performance.now() - started
  side.elapsedMs += elapsed
  side.blockRates.push((taken.length / elapsed) * 1000)
  for (const latency of taken) side.latencies.push(latency)
}

function figures(latencies: number[], elapsedMs: number): Figures {
  const sorted = Float64Array.from(latencies).sort()
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perSecond: (latencies.length / elapsedMs) * 1000,
  }
}

/** One NOTIFY per teleoperator channel, all in one statement: what another server process sends. */
function notifyRound(client: pg.Client, teleoperators: Account[]) {
  return async (round: number) => {
    const payloads = teleoperators.map((account) =>
      JSON.stringify({
        o: 'bench',
        t: 'live',
        d: {
          channel: `user:${account.userId}:lead:update`,
          data: { leadId: account.userId, reason: `r${round}` },
        },
      } satisfies BusEnvelope),
    )
    await client.query('select pg_notify($1, p) from unnest($2::text[]) as p', [BUS_CHANNEL, payloads])
  }
}

/** The same signal through the HTTP API: session, CSRF, validation, publish, NOTIFY, fan-out. */
async function httpPath(app: RunningServer, admin: Account, channel: string, sockets: WebSocket[]) {
  const collector = createCollector(WATCHERS + 1)
  for (const socket of sockets) socket.removeAllListeners('message')
  for (const socket of sockets) socket.on('message', (raw) => collector.onMessage(raw))
  const me = await fetch(`${app.origin}/api/user/me`, { headers: { cookie: `sid=${admin.sid}` } })
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(me.headers.getSetCookie().join(';'))?.[1] ?? ''
  const side: Side = {
    collector,
    round: 0,
    latencies: [],
    elapsedMs: 0,
    blockRates: [],
    async publish(round) {
      const res = await fetch(`${app.origin}/api/dev/live/publish`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `sid=${admin.sid}; XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        body: JSON.stringify({ channel, data: { leadId: 1, reason: `r${round}` } }),
      })
      if (!res.ok) throw new Error(`dev publish: ${res.status} ${await res.text()}`)
    },
  }
  await runRounds(side, HTTP_PUBLISHES, true)
  return figures(side.latencies, side.elapsedMs)
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9)
const row = (label: string, f: Figures) =>
  `  ${label.padEnd(26)} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  ${f.perSecond.toFixed(0).padStart(7)} msg/s`

export async function measureLive(): Promise<Record<string, number>> {
  const rounds = BLOCKS * ROUNDS_PER_BLOCK
  console.log(
    `\n## Live fan-out: ${TELEOPERATORS} sockets on their own channel + ${WATCHERS} on a shared one`,
  )
  console.log(`   (${rounds} rounds of ${PER_ROUND} deliveries each, app and bare ws in alternating blocks)`)
  let database: Awaited<ReturnType<typeof createBenchDatabase>>
  try {
    database = await createBenchDatabase()
  } catch (error) {
    // Sessions are prepared in PostgreSQL (see the header): without a server, say so and go on.
    if ((error as { code?: string }).code !== 'ECONNREFUSED') throw error
    console.log('  skipped: no PostgreSQL server (set BENCH_DATABASE_URL)')
    return {}
  }
  const client = new pg.Client({ connectionString: database.url })
  const barePort = await freePort()
  const bareProcess = await startBareWs(barePort)
  let app: RunningServer | undefined
  const sockets: WebSocket[] = []
  try {
    app = await startAppServer({ DATABASE_URL: database.url, SEED_DEMO: 'false' })
    await client.connect()
    const accounts = await insertAccounts(client, TELEOPERATORS, WATCHERS)
    const teleoperators = accounts.filter((a) => a.role === 'TELEOPERATOR')
    const shared = `user:${teleoperators[0]!.userId}:lead:update`
    const appSide: Side = {
      collector: createCollector(PER_ROUND),
      publish: notifyRound(client, teleoperators),
      round: 0,
      latencies: [],
      elapsedMs: 0,
      blockRates: [],
    }
    const opening = performance.now()
    const { origin } = app
    const appSockets = await openAll(accounts, (a) =>
      openAppSocket(
        origin,
        a.sid,
        a.role === 'ADMIN' ? shared : `user:${a.userId}:lead:update`,
        appSide.collector,
      ),
    )
    sockets.push(...appSockets)
    const openS = (performance.now() - opening) / 1000
    console.log(
      `  ${appSockets.length} app sockets opened, authenticated and subscribed in ${openS.toFixed(1)} s`,
    )

    const bareCollector = createCollector(PER_ROUND)
    const bareSockets = await openAll(Array.from({ length: PER_ROUND }), () =>
      openBareSocket(`ws://127.0.0.1:${barePort}/`, bareCollector),
    )
    sockets.push(...bareSockets)
    const trigger = bareSockets[0]!
    const bareSide: Side = {
      collector: bareCollector,
      publish: async (round) => trigger.send(`r${round}`),
      round: 0,
      latencies: [],
      elapsedMs: 0,
      blockRates: [],
    }

    for (const side of [appSide, bareSide]) await runRounds(side, WARMUP_ROUNDS, false)
    for (let block = 0; block < BLOCKS; block += 1)
      for (const side of [appSide, bareSide]) await runRounds(side, ROUNDS_PER_BLOCK, true)
    const live = figures(appSide.latencies, appSide.elapsedMs)
    const bare = figures(bareSide.latencies, bareSide.elapsedMs)
    const http = await httpPath(
      app,
      accounts.find((a) => a.role === 'ADMIN')!,
      shared,
      appSockets,
    )

    // Each block of app rounds against the bare block run right after it; the median of those ratios
    // (one slow block, a burst of the machine's other work, moves it less than the overall rates).
    const ratios = appSide.blockRates.map((rate, i) => rate / bareSide.blockRates[i]!).sort((a, b) => a - b)
    const ratio = median(ratios)
    console.log(row('app publish → socket', live))
    console.log(row('bare ws broadcast', bare))
    console.log(row(`POST dev publish (1→${WATCHERS + 1})`, http))
    // Issue #27's targets. Noisy on a shared two-core machine (PostgreSQL, this process and the server
    // share it): the blocks alternate so that noise hits both sides alike.
    const { p95Ms, toBareRatio } = LIMITS.live
    console.log(
      `  p95 ${ms(live.p95).trim()} (target < ${p95Ms} ms) → ${live.p95 < p95Ms ? 'OK' : 'ABOVE TARGET'}`,
    )
    console.log(`  block ratios ${ratios.map((r) => (r * 100).toFixed(1) + ' %').join(', ')}`)
    console.log(
      `  throughput (median of the blocks) ${(ratio * 100).toFixed(1)} % of bare ws (target ≥ ${toBareRatio * 100} %) → ${ratio >= toBareRatio ? 'OK' : 'BELOW TARGET'}`,
    )
    return {
      liveP50Ms: live.p50,
      liveP95Ms: live.p95,
      liveP99Ms: live.p99,
      liveMsgPerS: live.perSecond,
      liveHttpP95Ms: http.p95,
      bareWsP95Ms: bare.p95,
      bareWsMsgPerS: bare.perSecond,
      liveToBareRatio: ratio,
    }
  } finally {
    for (const socket of sockets) socket.terminate()
    await client.end().catch(() => undefined)
    await app?.stop()
    await stopChild(bareProcess)
    await database.drop()
  }
}
