// Issue #15 benchmark: the simulated floor (50 virtual teleoperators at ×10 for 60 s) on PostgreSQL,
// with TWO server processes on the same database (CRONS_ENABLED=true in both). A real agent's
// `GET /api/user/me` p99 and find-lead-to-process p95, before the floor and during it (ratio), on the
// process that runs the floor; and the scheduled runs of the every-minute job `pending-calls-expiry`
// per occurrence across the two processes (cron_runs: each occurrence must have run exactly once).
// Short mode for a smoke run: BENCH_FLOOR_SECONDS=10 BENCH_FLOOR_AGENTS=5 (the cron check then needs
// a minute boundary inside the run, and says so when there was none).
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { createBenchDatabase, percentile, signIn, startAppServer, type RunningServer } from './lib.ts'
import { insertAccounts } from './live-sockets.ts'

const AGENTS = Number(process.env.BENCH_FLOOR_AGENTS ?? 50)
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 60)
const SPEED = 10
const BEFORE_SECONDS = Math.max(5, Math.round(FLOOR_SECONDS / 4))
/** The real agent's pace: one `me` every 50 ms, one find every 250 ms (each by a fresh agent). */
const ME_EVERY_MS = 50
const FIND_EVERY_MS = 250

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })

function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function xsrfFor(origin: string, sid: string): Promise<string> {
  const res = await fetch(`${origin}/api/user/me`, { headers: { cookie: `sid=${sid}` } })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))
  if (!cookie) throw new Error('no XSRF cookie')
  return cookie.split(';')[0]!.slice('XSRF-TOKEN='.length)
}

type Session = { sid: string; xsrf: string }

/** Samples `me` and find-lead (each find by an agent of its own: a find holds the lead) for `ms`. */
async function sample(origin: string, ms: number, me: Session, finders: Session[]) {
  const meTimes: number[] = []
  const findTimes: number[] = []
  const until = performance.now() + ms
  const meLoop = (async () => {
    while (performance.now() < until) {
      const started = performance.now()
      await send(`${origin}/api/user/me`, 'GET', { cookie: `sid=${me.sid}` })
      meTimes.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, Math.max(0, ME_EVERY_MS - (performance.now() - started))))
    }
  })()
  const findLoop = (async () => {
    while (performance.now() < until) {
      const finder = finders.shift()
      if (!finder) throw new Error('bench/floor: out of real agents for find-lead-to-process')
      const started = performance.now()
      const res = await send(`${origin}/api/lead/find-lead-to-process`, 'POST', {
        cookie: `sid=${finder.sid}; XSRF-TOKEN=${finder.xsrf}`,
        'x-xsrf-token': finder.xsrf,
      })
      if (res.status !== 200) throw new Error(`find-lead-to-process answered ${res.status}: ${res.body}`)
      findTimes.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, Math.max(0, FIND_EVERY_MS - (performance.now() - started))))
    }
  })()
  await Promise.all([meLoop, findLoop])
  return {
    meP99: percentile(
      meTimes.sort((a, b) => a - b),
      99,
    ),
    findP95: percentile(
      findTimes.sort((a, b) => a - b),
      95,
    ),
    samples: { me: meTimes.length, find: findTimes.length },
  }
}

async function floorAction(server: RunningServer, cookie: string, body: object) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? ''
  const res = await fetch(`${server.origin}/api/dev/call-center-activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`floor ${JSON.stringify(body)}: ${res.status} ${await res.text()}`)
}

export async function measureFloor(): Promise<Record<string, number>> {
  const database = await createBenchDatabase()
  const env = { DATABASE_URL: database.url, CRONS_ENABLED: 'true', SIMULATOR_ANSWER_DELAY_MS: '3000' }
  // One after the other: the first seeds the demo data, the second finds it.
  const floorServer = await startAppServer(env)
  const other = await startAppServer(env)
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const runStarted = new Date()
  try {
    // The virtual agents: active teleoperators linked to the telephony, in every mission.
    const { rows: virtual } = await client.query<{ id: number }>(
      `insert into users (email, password_hash, first_name, last_name, role, aircall_id)
       select 'virtual' || i || '@bench.fr', 'unusable', 'Virtuel', 'Agent' || i, 'TELEOPERATOR', 900000 + i
       from generate_series(1, $1) as i returning id`,
      [AGENTS],
    )
    const findsNeeded = Math.ceil(((BEFORE_SECONDS + FLOOR_SECONDS) * 1000) / FIND_EVERY_MS) + 20
    const real = await insertAccounts(client, findsNeeded + 1, 0)
    await client.query(
      `insert into mission_users (mission_id, user_id) select m.id, u from missions m, unnest($1::int[]) as u`,
      [[...virtual.map((v) => v.id), ...real.map((a) => a.userId)]],
    )
    await client.query('analyze')
    const sessions = await Promise.all(
      real.map(async (a) => ({ sid: a.sid, xsrf: await xsrfFor(floorServer.origin, a.sid) })),
    )
    const me = sessions.shift()!
    const admin = await signIn(floorServer.origin, 'admin@demo.fr')

    const before = await sample(floorServer.origin, BEFORE_SECONDS * 1000, me, sessions)
    await floorAction(floorServer, admin, {
      action: 'start',
      userIds: virtual.map((v) => v.id),
      speed: SPEED,
    })
    const during = await sample(floorServer.origin, FLOOR_SECONDS * 1000, me, sessions)
    const stopped = Date.now()
    const state = await fetch(`${other.origin}/api/dev/call-center-activity`, { headers: { cookie: admin } })
    // The counters as of the owner's last heartbeat, read through the other process.
    const { running: seenByOther, counters } = (await state.json()) as {
      running: boolean
      counters: Record<string, number>
    }
    await floorAction(floorServer, admin, { action: 'stop' })
    const stopMs = Date.now() - stopped
    const { rows: counts } = await client.query<{ calls: string; tags: string; rdv: string; open: string }>(
      `select (select count(*) from calls where started_at >= $1) as calls,
              (select count(*) from lead_tags where created_at >= $1) as tags,
              (select count(*) from appointments where created_at >= $1) as rdv,
              (select count(*) from calls where ended_at is null) as open`,
      [runStarted],
    )
    // Every scheduled occurrence of the minute job during the run, across both processes.
    const { rows: occurrences } = await client.query<{ minute: Date; runs: string }>(
      `select date_trunc('minute', started_at) as minute, count(*) as runs from cron_runs
       where queue like '%pending-calls-expiry%' and trigger = 'schedule' and started_at >= $1
       group by 1 order by 1`,
      [runStarted],
    )
    const runsPer = occurrences.map((o) => Number(o.runs))
    const exactlyOnce = runsPer.length > 0 && runsPer.every((n) => n === 1)
    const c = counts[0]!
    console.log(
      `\n## simulated floor: ${AGENTS} virtual agents at ×${SPEED} for ${FLOOR_SECONDS} s, two server processes on PostgreSQL`,
    )
    console.log(
      `  floor: ${counters.calls} calls (${counters.answered} answered, ${counters.voicemail} voicemail, ${counters.noAnswer} no answer, ${counters.inbound} inbound), ${counters.tags} tags, ${counters.appointments} RDV, ${counters.errors} errors; database: ${c.calls} calls, ${c.tags} lead tags, ${c.rdv} RDV; seen running from the other process: ${seenByOther ? 'yes' : 'NO'}; stop took ${stopMs} ms, calls left open: ${c.open}`,
    )
    console.log(
      `  real agent GET /api/user/me p99: before ${before.meP99.toFixed(1)} ms, during ${during.meP99.toFixed(1)} ms → ×${(during.meP99 / before.meP99).toFixed(2)} (${before.samples.me} / ${during.samples.me} samples)`,
    )
    console.log(
      `  real agent find-lead-to-process p95: before ${before.findP95.toFixed(1)} ms, during ${during.findP95.toFixed(1)} ms → ×${(during.findP95 / before.findP95).toFixed(2)} (${before.samples.find} / ${during.samples.find} samples)`,
    )
    console.log(
      `  'pending-calls-expiry' scheduled occurrences during the run: ${runsPer.length}, runs per occurrence: [${runsPer.join(', ')}] → ${runsPer.length === 0 ? 'NO OCCURRENCE (run too short)' : exactlyOnce ? 'exactly once each' : 'NOT EXACTLY ONCE'}`,
    )
    return {
      floorCalls: counters.calls ?? 0,
      floorMeP99BeforeMs: before.meP99,
      floorMeP99DuringMs: during.meP99,
      floorFindP95BeforeMs: before.findP95,
      floorFindP95DuringMs: during.findP95,
      floorCronOccurrences: runsPer.length,
      floorCronExactlyOnce: exactlyOnce ? 1 : 0,
      floorOpenCallsAfterStop: Number(c.open),
    }
  } finally {
    await client.end()
    await other.stop()
    await floorServer.stop()
    await database.drop()
  }
}
