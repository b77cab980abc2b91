// Issue #14 "Speed at real volume": a generated year of activity — 100 agents, 1,000,000 calls,
// 600,000 outcomes, 40,000 appointments, 100,000 leads — on PGlite and on PostgreSQL; then, through the
// real routes and real sessions of a manager and an administrator, the teleoperator statistics of a
// month (GET /api/activity/stats, a whole calendar month and its previous one) and the overview
// (GET /api/activity/overview: agents now, today, every mission's queue; each scope the account may
// choose in turn), beside GET /api/user/me in the same mix. Targets p95 < 100 ms on PostgreSQL and
// < 300 ms on PGlite. The overviews that recount their scope's queues (kept 15 s per scope,
// server/domain/activity/queue-cache.ts) are also reported on their own.
// The rows are written by INSERT … SELECT generate_series with the daily-activity triggers disabled,
// then daily_activity is rebuilt in one statement (rebuildDailyActivity, as after a restore); the
// triggers' own cost is measured on the last 10,000 calls, written with them on.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase, rowsOf, type Db } from '../server/db/client.ts'
import { seedDemoData } from '../server/db/seed.ts'
import { mulberry32 } from '../server/db/seed-random.ts'
import { QUEUE_CACHE_MS } from '../server/domain/activity/queue-cache.ts'
import { rebuildDailyActivity } from '../server/domain/gamification/daily-rebuild.ts'
import { parisDay, shiftDay } from '../src/contracts/paris-calendar.ts'
import { percentile, signIn, onBothDatabases, startAppServer } from './lib.ts'

const AGENTS = 100
const TEAMS = 10
const CALLS = 1_000_000
/** Written with the triggers on, to measure what they cost per call. */
const LIVE_CALLS = 10_000
const LEADS = 100_000
/** Every call whose id % 5 < 3 gets an outcome: 600,000. */
const TAGGED_PER_FIVE = 3
const APPOINTMENTS = 40_000
const ON_CALL_NOW = 20
const REQUESTS = 40
const WARMUP = 20
const TARGET_P95_MS: Record<string, number> = { PGlite: 300, PostgreSQL: 100 }
const ACCOUNTS = { admin: 'admin@demo.fr', manager: 'manager@demo.fr' } as const
type Account = keyof typeof ACCOUNTS
type Kind = 'stats' | 'overview' | 'baseline'
export type Target = { label: 'PGlite' | 'PostgreSQL'; databaseUrl?: string; dataDir?: string }
type Sample = { kind: Kind; account: Account; ms: number; cold?: boolean }

const hash = (salt: number, modulo: number, column = 'i') =>
  sql.raw(`((hashint4(${column} + ${salt}) & 2147483647) % ${modulo})`)

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await run()
  console.log(`    ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result
}

/** 100 agents in 10 teams (the manager account manages the first), on the demo's missions. */
async function insertAgents(db: Db) {
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role, status, aircall_id)
    select 'bench.agent' || i || '@bench.fr', 'x', 'Agent', 'Banc ' || i, 'TELEOPERATOR', 'ACTIVE', 200000 + i
    from generate_series(1, ${AGENTS}) as i`)
  await db.execute(
    sql`insert into teams (name) select 'Équipe banc ' || i from generate_series(1, ${TEAMS}) as i`,
  )
  await db.execute(sql`
    insert into team_members (team_id, user_id, is_manager)
    select (select array_agg(id order by id) from teams where name like 'Équipe banc %')[1 + u.id % ${TEAMS}], u.id, false
    from users u where u.email like 'bench.agent%'`)
  await db.execute(sql`
    insert into team_members (team_id, user_id, is_manager)
    select (select min(id) from teams where name like 'Équipe banc %'), u.id, true
    from users u where u.email = ${ACCOUNTS.manager}`)
  await db.execute(sql`
    insert into mission_users (mission_id, user_id)
    select m.id, u.id from users u, missions m
    where u.email like 'bench.agent%' and (u.id + m.id) % 3 <> 0 on conflict do nothing`)
}

async function insertLeads(db: Db) {
  await db.execute(sql`
    insert into leads (first_name, last_name, phone, market_id, integration_month, meet_request_date, status,
      recall_at, step)
    select 'Lead', 'Banc ' || i, '+336' || lpad(i::text, 8, '0'),
      (select array_agg(id order by id) from markets)[1 + ${hash(1, 6)}],
      '2026-01-01', now() - make_interval(days => ${hash(2, 365)}::int),
      s.status, case when s.status in ('RECALL', 'UNREACHABLE')
        then now() + make_interval(hours => ${hash(3, 336)}::int - 168) end, 1
    from generate_series(1, ${LEADS}) as i,
      lateral (select (array['NEW','NEW','NEW','NEW','IN_PROGRESS','RECALL','RECALL','UNREACHABLE',
        'APPOINTMENT','NOT_INTERESTED','NOT_INTERESTED','WRONG_NUMBER'])[1 + ${hash(4, 12)}] as status) s`)
}

/** Calls `from`..`to` of the year: working hours, 85 % outbound, 60 % answered, a lead each. */
function insertCalls(db: Db, from: number, to: number) {
  return db.execute(sql`
    with a as (select array_agg(id order by id) as ids from users where email like 'bench.agent%'),
      l as (select min(id) as first from leads where last_name like 'Banc %')
    insert into calls (provider, provider_call_id, direction, status, user_id, lead_id, phone_number,
      started_at, answered_at, ended_at, source_updated_at)
    select 'simulator', 'bench-' || i, case when ${hash(5, 100)} < 85 then 'outbound' else 'inbound' end, 'done',
      a.ids[1 + i % ${AGENTS}], l.first + ${hash(6, LEADS)}, '+33612345678', t.started,
      case when t.answered then t.started + interval '5 seconds' end,
      t.started + case when t.answered then (35 + ${hash(7, 570)}) * interval '1 second' else interval '30 seconds' end,
      t.started
    from generate_series(${from}::int, ${to}::int) as i, a, l,
      lateral (select date_trunc('day', now()) - make_interval(days => 1 + ${hash(8, 365)}::int)
        + (28800 + ${hash(9, 36000)}) * interval '1 second' as started, ${hash(10, 10)} < 6 as answered) t`)
}

/** 600,000 outcomes on the calls (a catalogue outcome each), their experience, 40,000 bookings. */
async function insertOutcomes(db: Db) {
  await db.execute(sql`
    with o as (select array_agg(id order by id) as ids, count(*)::int as n from call_process_tags)
    insert into lead_tags (lead_id, call_id, user_id, call_process_tag_id, step, status, created_at)
    select c.lead_id, c.id, c.user_id, o.ids[1 + (c.id % o.n)], 1, 'IN_PROGRESS', c.ended_at + interval '1 minute'
    from calls c, o where c.provider_call_id like 'bench-%' and c.id % 5 < ${TAGGED_PER_FIVE}`)
  await db.execute(sql`
    insert into xp_ledger (user_id, source_kind, source_id, points, created_at, updated_at)
    select lt.user_id, 'tag', lt.id, 5, lt.created_at, lt.created_at
    from lead_tags lt join calls c on c.id = lt.call_id where c.provider_call_id like 'bench-%'`)
  await db.execute(sql`
    insert into xp_ledger (user_id, source_kind, source_id, points, created_at, updated_at)
    select lt.user_id, 'appointment', lt.id, 20, lt.created_at, lt.created_at
    from lead_tags lt join calls c on c.id = lt.call_id
    where c.provider_call_id like 'bench-%' and lt.id % 15 = 0
    order by lt.id limit ${APPOINTMENTS}`)
}

/** Half the agents signed in now; some on a call (written with the triggers on, as live). */
async function insertPresence(db: Db) {
  await db.execute(sql`
    insert into sessions (id_hash, user_id, expires_at, last_seen_at)
    select 'bench-' || u.id, u.id, now() + interval '8 hours', now()
    from users u where u.email like 'bench.agent%' and u.id % 2 = 0`)
  await db.execute(sql`
    insert into calls (provider, provider_call_id, direction, status, user_id, lead_id, phone_number,
      started_at, answered_at, source_updated_at)
    select 'simulator', 'bench-now-' || u.id, 'outbound', 'answered', u.id,
      (select min(id) from leads where last_name like 'Banc %') + u.id, '+33612345678',
      now() - interval '1 minute', now() - interval '50 seconds', now()
    from users u where u.email like 'bench.agent%' and u.id % 2 = 0 order by u.id limit ${ON_CALL_NOW}`)
}

const TRIGGERED = ['calls', 'lead_tags', 'xp_ledger'] as const

export async function prepare(target: Target): Promise<void> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? '' })
  const { db } = database
  try {
    await seedDemoData(db, { info: () => {} })
    const started = performance.now()
    console.log(`  ${target.label}: generating a year of activity`)
    await timed('100 agents, 10 teams', () => insertAgents(db))
    await timed(`${LEADS.toLocaleString('en')} leads`, () => insertLeads(db))
    for (const table of TRIGGERED) await db.execute(sql.raw(`alter table ${table} disable trigger user`))
    await timed(`${(CALLS - LIVE_CALLS).toLocaleString('en')} calls (triggers off)`, () =>
      insertCalls(db, 1, CALLS - LIVE_CALLS),
    )
    for (const table of TRIGGERED) await db.execute(sql.raw(`alter table ${table} enable trigger user`))
    const today = parisDay(new Date())
    await timed('daily_activity rebuilt for the year (one statement)', () =>
      rebuildDailyActivity(db, shiftDay(today, -370), today),
    )
    const live = performance.now()
    await insertCalls(db, CALLS - LIVE_CALLS + 1, CALLS)
    const perCall = ((performance.now() - live) * 1000) / LIVE_CALLS
    console.log(
      `    ${LIVE_CALLS.toLocaleString('en')} more calls with the triggers on: ${perCall.toFixed(0)} µs per call`,
    )
    for (const table of TRIGGERED) await db.execute(sql.raw(`alter table ${table} disable trigger user`))
    await timed('600,000 outcomes, their experience, 40,000 bookings (triggers off)', () =>
      insertOutcomes(db),
    )
    for (const table of TRIGGERED) await db.execute(sql.raw(`alter table ${table} enable trigger user`))
    await timed('daily_activity rebuilt again', () => rebuildDailyActivity(db, shiftDay(today, -370), today))
    await insertPresence(db)
    await db.execute(sql`analyze`)
    const [counts] = rowsOf<Record<string, number>>(
      await db.execute(sql`select (select count(*)::int from calls) as calls,
        (select count(*)::int from lead_tags) as tags, (select count(*)::int from daily_activity) as days,
        (select count(*)::int from xp_ledger where source_kind = 'appointment') as appointments`),
    )
    console.log(
      `    ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
    )
  } finally {
    await database.close()
  }
}

/** The whole calendar month before this one, and its previous month, read by the statistics. */
function monthUrl(): string {
  const today = parisDay(new Date())
  const to = shiftDay(`${today.slice(0, 8)}01`, -1)
  return `/api/activity/stats?period=custom&from=${to.slice(0, 8)}01&to=${to}`
}

/** The overview of every scope the account may choose: all its agents, then each team. */
async function overviewUrls(origin: string, cookie: string): Promise<string[]> {
  const res = await fetch(`${origin}/api/activity/overview`, { headers: { cookie } })
  const { teams } = (await res.json()) as { teams: { id: number }[] }
  return ['/api/activity/overview', ...teams.map((team) => `/api/activity/overview?teamId=${team.id}`)]
}

async function measureOn(target: Target): Promise<Sample[]> {
  await prepare(target)
  const env: Record<string, string> = target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir! }
  const app = await startAppServer(env)
  try {
    const cookies: Record<Account, string> = {
      admin: await signIn(app.origin, ACCOUNTS.admin),
      manager: await signIn(app.origin, ACCOUNTS.manager),
    }
    const random = mulberry32(20261126)
    const mix: { kind: Kind; account: Account; url: string }[] = []
    for (const account of ['admin', 'manager'] as const) {
      const overviews = await overviewUrls(app.origin, cookies[account])
      for (let i = 0; i < REQUESTS; i++) {
        mix.push({ kind: 'stats', account, url: monthUrl() })
        mix.push({ kind: 'overview', account, url: overviews[i % overviews.length]! })
        mix.push({ kind: 'baseline', account, url: '/api/user/me' })
      }
    }
    for (let i = mix.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[mix[i], mix[j]] = [mix[j]!, mix[i]!]
    }
    const samples: Sample[] = []
    // An overview whose scope's queues the server recounts (not read in the last QUEUE_CACHE_MS).
    const counted = new Map<string, number>()
    for (const [index, task] of [...mix.slice(0, WARMUP), ...mix].entries()) {
      const key = `${task.account} ${task.url}`
      const cold =
        task.kind === 'overview' && performance.now() - (counted.get(key) ?? -Infinity) >= QUEUE_CACHE_MS
      const started = performance.now()
      const res = await fetch(`${app.origin}${task.url}`, { headers: { cookie: cookies[task.account] } })
      const body = (await res.json()) as { rows?: { current: { callsMade: number } }[] }
      const ms = performance.now() - started
      if (!res.ok) throw new Error(`${task.url}: ${res.status} ${JSON.stringify(body)}`)
      if (task.kind === 'stats' && !body.rows?.some((row) => row.current.callsMade > 0))
        throw new Error('the month read no calls')
      if (cold) counted.set(key, started)
      if (index >= WARMUP || cold) samples.push({ kind: task.kind, account: task.account, ms, cold })
    }
    return samples
  } finally {
    await app.stop()
  }
}

function stats(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: samples.length }
}

function report(label: Target['label'], samples: Sample[]): Record<string, number> {
  const key = label === 'PGlite' ? 'Pglite' : 'Postgres'
  const target = TARGET_P95_MS[label]!
  const results: Record<string, number> = {}
  console.log(
    `\n## Activity reads over a generated year on ${label} (${REQUESTS} requests per kind and account)`,
  )
  const fmt = (s: ReturnType<typeof stats>) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`
  for (const account of ['admin', 'manager'] as const) {
    const of = (kind: Kind) => stats(samples.filter((s) => s.kind === kind && s.account === account))
    const [month, overview, me] = [of('stats'), of('overview'), of('baseline')]
    console.log(
      `  ${account.padEnd(8)} stats of a month: ${fmt(month)}; overview: ${fmt(overview)}; GET /api/user/me: ${fmt(me)}`,
    )
    const name = account === 'admin' ? 'Admin' : 'Manager'
    results[`activityStats${key}${name}P95Ms`] = month.p95
    results[`activityOverview${key}${name}P95Ms`] = overview.p95
    results[`activityMe${key}${name}P95Ms`] = me.p95
  }
  const cold = stats(samples.filter((s) => s.kind === 'overview' && s.cold))
  console.log(
    `  overviews that recounted their scope's queues (${cold.n}, else kept ${QUEUE_CACHE_MS / 1000} s): ${fmt(cold)}`,
  )
  results[`activityOverviewCold${key}P95Ms`] = cold.p95
  for (const kind of ['stats', 'overview'] as const) {
    const all = stats(samples.filter((s) => s.kind === kind))
    const verdict = all.p95 < target ? 'OK' : 'OVER TARGET'
    console.log(`  all ${kind} requests: ${fmt(all)} → ${verdict} (target p95 < ${target} ms)`)
    results[`activity${kind === 'stats' ? 'Stats' : 'Overview'}${key}P95Ms`] = all.p95
  }
  return results
}

export async function measureActivityStats(): Promise<Record<string, number>> {
  return onBothDatabases('activity', async (target) => report(target.label, await measureOn(target)))
}
