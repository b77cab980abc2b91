// Live leaderboard update latency (issue #14 "Benchmark"): the real server with its demo data, on
// PostgreSQL and on PGlite; 200 wall screens (websockets opened with one display link's cookie)
// follow the `leaderboard` channel and, like the page, read GET /api/leaderboard on every signal.
// Teleoperators record outcomes through POST /api/calls/tag (a call placed and hung up first, not
// timed); the latency runs from the tag request's start to each socket's receipt of the signal.
// The tags of a batch follow each other as soon as the previous one reached every screen, so the
// per-process coalescing of signals (250 ms) shows in the figures as on a busy floor.
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import { createBenchDatabase, percentile, signIn, startAppServer, type RunningServer } from './lib.ts'

const SCREENS = 200
/** teleop1–7 (teleop8 has no telephony account). */
const AGENTS = 7
const BATCHES = Number(process.env.BENCH_LEADERBOARD_BATCHES ?? 5)
const WARMUP_BATCHES = 1
const TARGET_P95_MS = 500
const ROUND_TIMEOUT_MS = 10_000
const OPEN_CONCURRENCY = 50

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 })

type Agent = { email: string; cookie: string; xsrf: string }
type Prepared = { agent: Agent; leadId: number; callId: number; tagId: number }
type Screen = { socket: WebSocket; onSignal: (() => void) | null }
type Figures = { p50: number; p95: number; p99: number }
type Measured = Figures & { quietP95: number }

function cookieValue(cookie: string, name: string): string {
  return (
    cookie
      .split('; ')
      .find((part) => part.startsWith(`${name}=`))
      ?.slice(name.length + 1) ?? ''
  )
}

async function api<T>(
  origin: string,
  agent: Agent,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie: agent.cookie,
      'x-xsrf-token': agent.xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

async function signInAgent(origin: string, email: string): Promise<Agent> {
  const cookie = await signIn(origin, email)
  return { email, cookie, xsrf: decodeURIComponent(cookieValue(cookie, 'XSRF-TOKEN')) }
}

async function ongoingCallId(origin: string, agent: Agent): Promise<number | null> {
  return (await api<{ callId: number | null }>(origin, agent, 'GET', '/api/call/ongoing')).callId
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ROUND_TIMEOUT_MS
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error('timed out waiting for the call')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

type LeadData = {
  id: number
  step: number
  market: { mission: { callProcess: { callProcessSteps: { number: number; callProcessTags: TagData[] }[] } } }
}
type TagData = {
  id: number
  endsProcessing: boolean
  requiresAppointment: boolean
  asksRecallDate: boolean
  experiencePoints: number
}

/** Not timed: a lead handed out, a call placed and hung up, an outcome that ends it and earns points. */
async function prepare(origin: string, agent: Agent): Promise<Prepared> {
  const found = await api<{ redirect?: string }>(origin, agent, 'POST', '/api/lead/find-lead-to-process')
  const uuid = /^\/lead\/([0-9a-f-]{36})/.exec(found.redirect ?? '')?.[1]
  if (!uuid) throw new Error(`${agent.email}: no lead handed out (${JSON.stringify(found)})`)
  const lead = await api<LeadData>(origin, agent, 'GET', `/api/lead/${uuid}`)
  await api(origin, agent, 'POST', '/api/call/start-outbound', { leadId: lead.id })
  const callId = (await until(
    () => ongoingCallId(origin, agent),
    (id) => id !== null,
  )) as number
  await api(origin, agent, 'POST', `/api/dev/telephony/${callId}/hangup`)
  await until(
    () => ongoingCallId(origin, agent),
    (id) => id === null,
  )
  const step = lead.market.mission.callProcess.callProcessSteps.find((s) => s.number === lead.step)
  // "Faux numéro", "Pas intéressé"…: no appointment nor recall date to give, the lead released.
  const tag = step?.callProcessTags.find(
    (t) => t.endsProcessing && t.experiencePoints > 0 && !t.requiresAppointment && !t.asksRecallDate,
  )
  if (!tag) throw new Error(`no closing outcome with points at step ${lead.step}`)
  return { agent, leadId: lead.id, callId, tagId: tag.id }
}

/** A wall screen: subscribed to `leaderboard`; on every signal it reads the board, as the page does. */
function openScreen(origin: string, token: string, boards: { fetched: number[]; round: () => number }) {
  return new Promise<Screen>((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, {
      headers: { cookie: `display-link=${token}`, origin },
    })
    const screen: Screen = { socket, onSignal: null }
    socket.on('error', reject)
    socket.on('message', (raw) => {
      const text = String(raw)
      if (text.startsWith('{"event":"connected"')) {
        socket.send(JSON.stringify({ type: 'subscribe', channel: 'leaderboard' }))
        socket.send(JSON.stringify({ type: 'ping' }))
      } else if (text.startsWith('{"event":"pong"')) resolve(screen)
      else if (text.startsWith('{"event":"error"')) reject(new Error(text))
      else if (text.startsWith('{"event":"leaderboard"')) {
        screen.onSignal?.()
        const round = boards.round()
        http
          .get(
            `${origin}/api/leaderboard`,
            { agent: keepAlive, headers: { cookie: `display-link=${token}` } },
            (res) => {
              res.resume()
              res.on('end', () => boards.fetched.push(round))
            },
          )
          .on('error', () => undefined)
      }
    })
  })
}

/** Times one tag: from its request's start to the first signal on every screen. */
async function timedTag(origin: string, screens: Screen[], { agent, leadId, callId, tagId }: Prepared) {
  const arrivals: number[] = []
  let started = 0
  const allArrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${arrivals.length} of ${screens.length} signals`)),
      ROUND_TIMEOUT_MS,
    )
    for (const screen of screens)
      screen.onSignal = () => {
        screen.onSignal = null
        arrivals.push(performance.now() - started)
        if (arrivals.length === screens.length) {
          clearTimeout(timer)
          resolve()
        }
      }
  })
  started = performance.now()
  await api(origin, agent, 'POST', '/api/calls/tag', {
    leadId,
    callId,
    callProcessTagId: tagId,
    details: {},
    comment: null,
  })
  await allArrived
  return arrivals
}

function figures(values: number[]): Figures {
  const sorted = Float64Array.from(values).sort()
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9)

async function measureOn(label: string, app: RunningServer): Promise<Measured> {
  const { origin } = app
  const admin = await signInAgent(origin, 'admin@demo.fr')
  const { token } = await api<{ token: string }>(origin, admin, 'POST', '/api/display-links', {
    name: 'Banc d’essai',
  })
  let round = 0
  const boards = { fetched: [] as number[], round: () => round }
  const screens: Screen[] = []
  try {
    for (let i = 0; i < SCREENS; i += OPEN_CONCURRENCY)
      screens.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(OPEN_CONCURRENCY, SCREENS - i) }, () =>
            openScreen(origin, token, boards),
          ),
        )),
      )
    const agents: Agent[] = []
    for (let i = 1; i <= AGENTS; i += 1) agents.push(await signInAgent(origin, `teleop${i}@demo.fr`))
    const latencies: number[] = []
    /** The first tag of a batch follows a quiet spell: its signal leaves at once (no coalescing). */
    const quiet: number[] = []
    for (let batch = 0; batch < WARMUP_BATCHES + BATCHES; batch += 1) {
      const prepared: Prepared[] = []
      for (const agent of agents) prepared.push(await prepare(origin, agent))
      for (const [index, one] of prepared.entries()) {
        round += 1
        const arrivals = await timedTag(origin, screens, one)
        if (batch < WARMUP_BATCHES) continue
        latencies.push(...arrivals)
        if (index === 0) quiet.push(...arrivals)
      }
    }
    const result = figures(latencies)
    const calm = figures(quiet)
    const tags = BATCHES * AGENTS
    console.log(
      `  ${label.padEnd(11)} after a quiet spell (${BATCHES} tags): p50 ${ms(calm.p50)}  p95 ${ms(calm.p95)}`,
    )
    console.log(
      `  ${label.padEnd(11)} ${tags} tags × ${SCREENS} screens: p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  p99 ${ms(result.p99)}` +
        `  (${boards.fetched.length} board reads) → ${result.p95 < TARGET_P95_MS ? 'OK' : 'ABOVE TARGET'}`,
    )
    return { ...result, quietP95: calm.p95 }
  } finally {
    for (const screen of screens) screen.socket.terminate()
  }
}

export async function measureLeaderboard(): Promise<Record<string, number>> {
  console.log(
    `\n## Leaderboard: tag → signal on ${SCREENS} display-link sockets (target p95 < ${TARGET_P95_MS} ms)`,
  )
  console.log('   (each screen reads the board on every signal; tags back to back in batches of 7)')
  const results: Record<string, number> = {}
  let database: Awaited<ReturnType<typeof createBenchDatabase>> | null = null
  try {
    database = await createBenchDatabase()
  } catch (error) {
    if ((error as { code?: string }).code !== 'ECONNREFUSED') throw error
    console.log('  PostgreSQL skipped: no server (set BENCH_DATABASE_URL)')
  }
  // Outbound calls of the simulator are never answered here: only the tags move the board.
  const quiet = { SIMULATOR_ANSWER_DELAY_MS: '3600000' }
  if (database) {
    const app = await startAppServer({ DATABASE_URL: database.url, ...quiet })
    try {
      const pg = await measureOn('PostgreSQL', app)
      Object.assign(results, {
        leaderboardPgP50Ms: pg.p50,
        leaderboardPgP95Ms: pg.p95,
        leaderboardPgQuietP95Ms: pg.quietP95,
      })
    } finally {
      await app.stop()
      await database.drop()
    }
  }
  const app = await startAppServer(quiet)
  try {
    const lite = await measureOn('PGlite', app)
    Object.assign(results, {
      leaderboardPgliteP50Ms: lite.p50,
      leaderboardPgliteP95Ms: lite.p95,
      leaderboardPgliteQuietP95Ms: lite.quietP95,
    })
  } finally {
    await app.stop()
  }
  return results
}

if (import.meta.main) console.log(JSON.stringify(await measureLeaderboard(), null, 2))
