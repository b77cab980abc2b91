// The back office's users list (issue #12 "Users", targets p95 < 30 ms on PostgreSQL and < 60 ms on
// PGlite) with 5,000 users, 200 missions, 1,000 markets, 50 teams and their memberships, on PGlite
// and on PostgreSQL, through the real route GET /api/users with a search and a filter and a real
// administrator's and manager's sessions, beside GET /api/user/me in the same mix.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase, rowsOf } from '../server/db/client.ts'
import { FIRST_NAMES, LAST_NAMES } from '../server/db/seed-data.ts'
import { seedDemoData } from '../server/db/seed.ts'
import { mulberry32 } from '../server/db/seed-random.ts'
import { percentile, signIn, onBothDatabases, startAppServer } from './lib.ts'

const TOTAL_USERS = 5_000
const TOTAL_MISSIONS = 200
const MARKETS_PER_MISSION = 5
const TOTAL_TEAMS = 50
/** Measured requests per query kind and account (after a warm-up), one client at a time. */
const REQUESTS = 60
const TARGET_P95_MS: Record<string, number> = { PGlite: 60, PostgreSQL: 30 }
const ACCOUNTS = { admin: 'admin@demo.fr', manager: 'manager@demo.fr' } as const
type Account = keyof typeof ACCOUNTS

type Target = { label: string; databaseUrl?: string; dataDir?: string }
type Kind = 'list' | 'baseline'
type Sample = { kind: Kind; account: Account; ms: number; total: number }

function textArray(values: readonly string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`
}

/**
 * Demo data, then users up to 5,000 (names from the demo's lists, so "mar" matches hundreds and a
 * first + last name a few), missions up to 200 with 5 markets each, 50 teams: every user in one team
 * and on two missions; the manager account manages the first bench team.
 */
async function prepare(target: Target): Promise<{ teamIds: number[]; missionIds: number[] }> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? '' })
  try {
    const { db } = database
    await seedDemoData(db, { info: () => {} })
    const started = performance.now()
    const hash = (salt: number, modulo: number) =>
      sql.raw(`((hashint4(i + ${salt}) & 2147483647) % ${modulo})`)
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, status, aircall_id)
      select 'bench.user' || i || '@bench.fr', 'x', f, l,
             case when i % 50 = 0 then 'MANAGER' else 'TELEOPERATOR' end,
             case when i % 10 = 0 then 'INACTIVE' else 'ACTIVE' end,
             case when i % 4 <> 0 then 100000 + i end
      from generate_series(1, ${TOTAL_USERS} - (select count(*)::int from users)) as i,
           lateral (select (${textArray(FIRST_NAMES)})[1 + ${hash(0, FIRST_NAMES.length)}] as f,
                           (${textArray(LAST_NAMES)})[1 + ${hash(1, LAST_NAMES.length)}] as l) as names
    `)
    await db.execute(sql`
      insert into missions (name, color, banner_url, lead_processing_duration_days)
      select 'Mission banc ' || i, '#1f5f8b', '', 60
      from generate_series(1, ${TOTAL_MISSIONS} - (select count(*)::int from missions)) as i
    `)
    // Each mission gets up to five markets: the demo's own, then bench ones.
    await db.execute(sql`
      insert into markets (mission_id, name)
      select m.id, 'Marché banc ' || n
      from missions m, generate_series(1, ${MARKETS_PER_MISSION}) as n
      where n > (select count(*) from markets x where x.mission_id = m.id)
    `)
    await db.execute(
      sql`insert into teams (name) select 'Équipe banc ' || i from generate_series(1, ${TOTAL_TEAMS}) as i`,
    )
    const benchTeams = sql`(select array_agg(id order by id) from teams where name like 'Équipe banc %')`
    await db.execute(sql`
      insert into team_members (team_id, user_id, is_manager)
      select ${benchTeams}[1 + u.id % ${TOTAL_TEAMS}], u.id, u.role = 'MANAGER'
      from users u where u.email like 'bench.user%'
    `)
    await db.execute(sql`
      insert into team_members (team_id, user_id, is_manager)
      select ${benchTeams}[1], u.id, true from users u where u.email = ${ACCOUNTS.manager}
      on conflict do nothing
    `)
    const allMissions = sql`(select array_agg(id order by id) from missions)`
    await db.execute(sql`
      insert into mission_users (mission_id, user_id)
      select distinct ${allMissions}[1 + (u.id * k) % ${TOTAL_MISSIONS}], u.id
      from users u, (values (1), (7)) as ks(k) where u.email like 'bench.user%'
      on conflict do nothing
    `)
    await db.execute(sql`analyze`)
    const counts = rowsOf<{ users: number; missions: number; markets: number }>(
      await db.execute(
        sql`select (select count(*)::int from users) as users, (select count(*)::int from missions) as missions,
                 (select count(*)::int from markets) as markets`,
      ),
    )
    const teamRows = rowsOf<{ id: number }>(await db.execute(sql`select id from teams order by id`))
    const missionRows = rowsOf<{ id: number }>(await db.execute(sql`select id from missions order by id`))
    const figures = counts[0]!
    console.log(
      `  ${target.label}: ${figures.users} users, ${figures.missions} missions, ${figures.markets} markets ready in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    return {
      teamIds: teamRows.map((row) => Number(row.id)),
      missionIds: missionRows.map((row) => Number(row.id)),
    }
  } finally {
    await database.close()
  }
}

/** A search people type, with one filter: a role, a status, a team, a mission, Aircall, presence. */
function listQuery(random: () => number, data: Awaited<ReturnType<typeof prepare>>): string {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!
  const unaccented = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '')
  const search = pick([
    pick(['mar', 'dur', 'ber', 'lef', 'ro']),
    unaccented(pick(LAST_NAMES)).toLowerCase(),
    `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    `bench.user${1 + Math.floor(random() * 4000)}`,
  ])
  const filter = pick([
    'role=TELEOPERATOR',
    'status=ACTIVE',
    `teamId=${pick(data.teamIds)}`,
    `missionId=${pick(data.missionIds)}`,
    'needsAircallLink=true',
    'workingNow=false',
  ])
  return `search=${encodeURIComponent(search)}&${filter}&page=1&pageSize=25`
}

async function measureOn(target: Target): Promise<Sample[]> {
  const data = await prepare(target)
  const env: Record<string, string> = target.databaseUrl
    ? { DATABASE_URL: target.databaseUrl }
    : { DATA_DIR: target.dataDir! }
  const app = await startAppServer(env)
  try {
    const cookies: Record<Account, string> = {
      admin: await signIn(app.origin, ACCOUNTS.admin),
      manager: await signIn(app.origin, ACCOUNTS.manager),
    }
    // Deterministic, so both databases get the same mix.
    const random = mulberry32(20261125)
    const mix: { kind: Kind; account: Account; url: string }[] = []
    for (const account of ['admin', 'manager'] as const)
      for (let i = 0; i < REQUESTS; i++) {
        mix.push({ kind: 'list', account, url: `/api/users?${listQuery(random, data)}` })
        mix.push({ kind: 'baseline', account, url: '/api/user/me' })
      }
    for (let i = mix.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[mix[i], mix[j]] = [mix[j]!, mix[i]!]
    }
    const samples: Sample[] = []
    for (const [index, task] of [...mix.slice(0, 40), ...mix].entries()) {
      const started = performance.now()
      const res = await fetch(`${app.origin}${task.url}`, { headers: { cookie: cookies[task.account] } })
      const body = (await res.json()) as { total?: number }
      const ms = performance.now() - started
      if (!res.ok) throw new Error(`${task.url}: ${res.status} ${JSON.stringify(body)}`)
      // The first 40 are a warm-up: connections, plans, caches.
      if (index >= 40) samples.push({ kind: task.kind, account: task.account, ms, total: body.total ?? 0 })
    }
    if (!samples.some((sample) => sample.kind === 'list' && sample.account === 'admin' && sample.total > 0))
      throw new Error('no users-list search found anyone')
    return samples
  } finally {
    await app.stop()
  }
}

function stats(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b)
  const totals = samples.map((s) => s.total).sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), medianTotal: percentile(totals, 50) }
}

function report(label: string, samples: Sample[]): Record<string, number> {
  const key = label === 'PGlite' ? 'Pglite' : 'Postgres'
  const target = TARGET_P95_MS[label]!
  const results: Record<string, number> = {}
  console.log(
    `\n## users list (GET /api/users, a search and a filter) over ${TOTAL_USERS.toLocaleString('en')} users on ` +
      `${label}, one client at a time (${REQUESTS} requests per account)`,
  )
  const fmt = (s: ReturnType<typeof stats>) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`
  for (const account of ['admin', 'manager'] as const) {
    const list = stats(samples.filter((s) => s.kind === 'list' && s.account === account))
    const me = stats(samples.filter((s) => s.kind === 'baseline' && s.account === account))
    console.log(
      `  ${account.padEnd(8)} list: ${fmt(list)} (median ${list.medianTotal} matches); GET /api/user/me: ${fmt(me)}`,
    )
    const name = account === 'admin' ? 'Admin' : 'Manager'
    results[`usersList${key}${name}P50Ms`] = list.p50
    results[`usersList${key}${name}P95Ms`] = list.p95
    results[`usersList${key}${name}MeP95Ms`] = me.p95
  }
  const all = stats(samples.filter((s) => s.kind === 'list'))
  const baseline = stats(samples.filter((s) => s.kind === 'baseline'))
  console.log(
    `  all list requests: ${fmt(all)} (p50 ${(all.p50 / baseline.p50).toFixed(1)}× GET /api/user/me's) → ` +
      `${all.p95 < target ? 'OK' : 'OVER TARGET'} (target p95 < ${target} ms)`,
  )
  results[`usersList${key}P95Ms`] = all.p95
  results[`usersList${key}BaselineP95Ms`] = baseline.p95
  return results
}

export async function measureUsersList(): Promise<Record<string, number>> {
  return onBothDatabases('users', async (target) => report(target.label, await measureOn(target)))
}
