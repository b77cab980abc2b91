// Issue #14 "the cost of the gamification rules added to POST /api/calls/tag (p50 before/after, same
// run)". Method: the real route on the real server, twice over the same database in the same run —
// once as shipped, once in a server process where the rules are cut out by a module customization
// hook (bench/gamification-off.ts: `recordEvent` answers null at once, so the outcome earns nothing;
// the product has no switch). Everything else is the same code: the outcome's transaction, the daily
// aggregates' triggers (kept: they are the statistics', not the rules'), the signals. Each tag is a
// teleoperator's outcome on the lead they hold, after its ended call; the agents already have a day
// of work behind them (daily figures, their first badges), so the rules run their usual path — the
// ledger row and the total, the badge facts — not the first-outcome-of-the-day one. GET /api/user/me
// is measured beside them as the baseline.
// - PostgreSQL: both servers run at once on one database; the requests alternate between them (the
//   same load, cache and table sizes for both).
// - PGlite: one process at a time on a data directory, so the servers take turns on the same
//   directory: rules off, on, off, on, off, on (a third of the outcomes each time).
import http from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { eq, inArray, sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../server/db/client.ts'
import { calls, dailyActivity, leads, sessions, userBadges, users } from '../server/db/schema.ts'
import { parisDay } from '../src/contracts/paris-calendar.ts'
import { insertMission } from '../tests/factories/leads.ts'
import { createBenchDatabase, percentile, startAppServer, type RunningServer } from './lib.ts'

/** Measured outcomes per variant, after WARMUP unmeasured ones. */
const TAGS = 200
const WARMUP = 20
const RULES_OFF = {
  NODE_OPTIONS: `--import ${fileURLToPath(new URL('./gamification-off.ts', import.meta.url))}`,
}

type Agent = { userId: number; sid: string; leadId: number; callId: number; xsrf: string }
type Prepared = { on: Agent[]; off: Agent[]; tagId: number }
type Samples = { on: number[]; off: number[]; me: number[] }

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })

function send(url: string, method: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const request = http.request(
        url,
        {
          method,
          agent,
          headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => (text += chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }))
        },
      )
      request.on('error', reject)
      request.end(payload)
    },
  )
}

/**
 * Teleoperators with a session each (inserted: no sign-in hashing), one mission of theirs, and for
 * each one lead they hold with their ended, untagged call on it; a day of figures and their first
 * badges behind them.
 */
async function prepare(db: Db, count: number): Promise<{ agents: Omit<Agent, 'xsrf'>[]; tagId: number }> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench.tag${i}.${randomBytes(3).toString('hex')}@bench.fr`,
        passwordHash: 'unusable',
        firstName: 'Bench',
        lastName: `Tag${i}`,
        role: 'TELEOPERATOR' as const,
      })),
    )
    .returning({ id: users.id })
  const userIds = rows.map((row) => row.id)
  const mission = await insertMission(db, { userIds })
  const agents: Omit<Agent, 'xsrf'>[] = []
  const sids = userIds.map(() => randomBytes(32).toString('base64url'))
  await db.insert(sessions).values(
    userIds.map((userId, i) => ({
      idHash: createHash('sha256').update(sids[i]!).digest('base64url'),
      userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    })),
  )
  const held = await db
    .insert(leads)
    .values(
      userIds.map((userId, i) => ({
        firstName: 'Lead',
        lastName: `Banc${i}`,
        phone: `+3377${String(i).padStart(7, '0')}`,
        marketId: mission.market.id,
        integrationMonth: '2026-01-01',
        meetRequestDate: new Date(Date.now() - 86_400_000),
        processingUserId: userId,
        processingSince: new Date(),
      })),
    )
    .returning({ id: leads.id, userId: leads.processingUserId })
  const startedAt = new Date(Date.now() - 120_000)
  const ended = await db
    .insert(calls)
    .values(
      held.map((lead, i) => ({
        provider: 'simulator' as const,
        providerCallId: `bench-tag-${lead.id}-${i}`,
        direction: 'outbound' as const,
        status: 'done',
        userId: lead.userId!,
        leadId: lead.id,
        phoneNumber: `+3377${String(i).padStart(7, '0')}`,
        startedAt,
        answeredAt: new Date(startedAt.getTime() + 5_000),
        endedAt: new Date(startedAt.getTime() + 60_000),
        sourceUpdatedAt: startedAt,
      })),
    )
    .returning({ id: calls.id, leadId: calls.leadId })
  for (const lead of held)
    await db.update(users).set({ processingLeadId: lead.id }).where(eq(users.id, lead.userId!))
  // A day of work behind each agent: the rules read these figures, as on any outcome after the first.
  await db
    .insert(dailyActivity)
    .values(
      userIds.map((userId) => ({ userId, day: parisDay(new Date()), callsMade: 40, answered: 30, tags: 25 })),
    )
    .onConflictDoUpdate({
      target: [dailyActivity.userId, dailyActivity.day],
      set: { callsMade: 40, answered: 30, tags: 25 },
    })
  await db
    .insert(userBadges)
    .values(userIds.flatMap((userId) => ['premier-appel', 'premier-rdv'].map((code) => ({ userId, code }))))
  for (const [i, userId] of userIds.entries()) {
    const lead = held.find((row) => row.userId === userId)!
    agents.push({
      userId,
      sid: sids[i]!,
      leadId: lead.id,
      callId: ended.find((c) => c.leadId === lead.id)!.id,
    })
  }
  await db.execute(sql`analyze`)
  return { agents, tagId: mission.tags.find((outcome) => outcome.label === 'Rappeler')!.id }
}

/** The hook did cut the rules out: the rules-off agents earned nothing, the others their outcome's points. */
async function checkVariants(db: Db, on: { userId: number }[], off: { userId: number }[]) {
  const earned = async (agents: { userId: number }[]) =>
    (
      await db
        .select({ id: users.id, xp: users.experiencePoints })
        .from(users)
        .where(
          inArray(
            users.id,
            agents.map((a) => a.userId),
          ),
        )
    ).filter((row) => row.xp > 0).length
  const [onEarned, offEarned] = [await earned(on), await earned(off)]
  if (onEarned !== on.length || offEarned !== 0)
    throw new Error(
      `gamification-cost: ${onEarned}/${on.length} agents earned with the rules, ${offEarned} without`,
    )
}

async function withXsrf(origin: string, agents: Omit<Agent, 'xsrf'>[]): Promise<Agent[]> {
  const ready: Agent[] = []
  for (const one of agents) {
    const res = await send(`${origin}/api/user/me`, 'GET', { cookie: `sid=${one.sid}` })
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('XSRF-TOKEN='))
    if (res.status !== 200 || !cookie)
      throw new Error(`no session for bench agent ${one.userId}: ${res.status}`)
    ready.push({ ...one, xsrf: cookie.split(';')[0]!.slice('XSRF-TOKEN='.length) })
  }
  return ready
}

async function tag(origin: string, a: Agent, tagId: number): Promise<number> {
  const started = performance.now()
  const res = await send(
    `${origin}/api/calls/tag`,
    'POST',
    { cookie: `sid=${a.sid}; XSRF-TOKEN=${a.xsrf}`, 'x-xsrf-token': decodeURIComponent(a.xsrf) },
    { leadId: a.leadId, callId: a.callId, callProcessTagId: tagId },
  )
  const ms = performance.now() - started
  if (res.status !== 200) throw new Error(`POST /api/calls/tag: ${res.status} ${res.body}`)
  return ms
}

async function me(origin: string, a: Agent): Promise<number> {
  const started = performance.now()
  const res = await send(`${origin}/api/user/me`, 'GET', { cookie: `sid=${a.sid}` })
  if (res.status !== 200) throw new Error(`GET /api/user/me: ${res.status}`)
  return performance.now() - started
}

/** Both servers on one PostgreSQL database, the requests alternating between them. */
async function onPostgres(): Promise<Samples> {
  const database = await createBenchDatabase()
  let on: RunningServer | null = null
  let off: RunningServer | null = null
  try {
    on = await startAppServer({ DATABASE_URL: database.url })
    off = await startAppServer({ DATABASE_URL: database.url, ...RULES_OFF })
    const opened = await openDatabase({ databaseUrl: database.url, dataDir: '' })
    let prepared: Prepared
    try {
      const { agents, tagId } = await prepare(opened.db, 2 * (TAGS + WARMUP))
      prepared = {
        on: await withXsrf(on.origin, agents.slice(0, TAGS + WARMUP)),
        off: await withXsrf(off.origin, agents.slice(TAGS + WARMUP)),
        tagId,
      }
    } finally {
      await opened.close()
    }
    const samples: Samples = { on: [], off: [], me: [] }
    for (let i = 0; i < TAGS + WARMUP; i++) {
      // Alternating which goes first: neither variant always follows the other.
      const first = i % 2 === 0
      const offMs = first ? await tag(off.origin, prepared.off[i]!, prepared.tagId) : 0
      const onMs = await tag(on.origin, prepared.on[i]!, prepared.tagId)
      const offLate = first ? offMs : await tag(off.origin, prepared.off[i]!, prepared.tagId)
      const meMs = await me(on.origin, prepared.on[i]!)
      if (i < WARMUP) continue
      samples.on.push(onMs)
      samples.off.push(offLate)
      samples.me.push(meMs)
    }
    const check = await openDatabase({ databaseUrl: database.url, dataDir: '' })
    try {
      await checkVariants(check.db, prepared.on, prepared.off)
    } finally {
      await check.close()
    }
    return samples
  } finally {
    await on?.stop()
    await off?.stop()
    await database.drop()
  }
}

/** PGlite turns, one process at a time on the same data directory: without, with, three times each. */
const PGLITE_ROUNDS = ['off', 'on', 'off', 'on', 'off', 'on'] as const
const PER_ROUND = Math.ceil(TAGS / (PGLITE_ROUNDS.length / 2)) + WARMUP

async function onPglite(): Promise<Samples> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-gamification-'))
  try {
    const opened = await openDatabase({ databaseUrl: undefined, dataDir })
    let agents: Omit<Agent, 'xsrf'>[]
    let tagId: number
    try {
      ;({ agents, tagId } = await prepare(opened.db, PGLITE_ROUNDS.length * PER_ROUND))
    } finally {
      await opened.close()
    }
    const samples: Samples = { on: [], off: [], me: [] }
    const used: Record<'on' | 'off', Omit<Agent, 'xsrf'>[]> = { on: [], off: [] }
    for (const [round, variant] of PGLITE_ROUNDS.entries()) {
      const server = await startAppServer({ DATA_DIR: dataDir, ...(variant === 'off' ? RULES_OFF : {}) })
      try {
        const mine = agents.slice(round * PER_ROUND, (round + 1) * PER_ROUND)
        used[variant].push(...mine)
        const ready = await withXsrf(server.origin, mine)
        // A new process each round: its first requests warm it up.
        for (const [i, a] of ready.entries()) {
          const ms = await tag(server.origin, a, tagId)
          const meMs = variant === 'on' ? await me(server.origin, a) : 0
          if (i < WARMUP) continue
          samples[variant].push(ms)
          if (variant === 'on') samples.me.push(meMs)
        }
      } finally {
        await server.stop()
      }
    }
    const check = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      await checkVariants(check.db, used.on, used.off)
    } finally {
      await check.close()
    }
    return samples
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function p50(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  )
}

function report(label: 'PostgreSQL' | 'PGlite', samples: Samples): Record<string, number> {
  const key = label === 'PGlite' ? 'Pglite' : 'Postgres'
  const before = p50(samples.off)
  const after = p50(samples.on)
  const baseline = p50(samples.me)
  console.log(
    `  ${label.padEnd(10)} rules off (before) p50 ${before.toFixed(2)} ms   rules on (after) p50 ${after.toFixed(2)} ms   ` +
      `→ +${(after - before).toFixed(2)} ms   (GET /api/user/me p50 ${baseline.toFixed(2)} ms)`,
  )
  return {
    [`gamificationTag${key}BeforeP50Ms`]: before,
    [`gamificationTag${key}AfterP50Ms`]: after,
    [`gamificationTag${key}AddedMs`]: after - before,
    [`gamificationTag${key}MeP50Ms`]: baseline,
  }
}

export async function measureGamificationCost(): Promise<Record<string, number>> {
  const postgres = await onPostgres()
  const pglite = await onPglite()
  console.log(
    `\n## gamification rules on POST /api/calls/tag: p50 without / with them, same run (${TAGS} outcomes each, one at a time)`,
  )
  return { ...report('PostgreSQL', postgres), ...report('PGlite', pglite) }
}

// `node bench/gamification-cost.ts` alone (after `npm run build`).
if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await measureGamificationCost()
  console.log(JSON.stringify(results, null, 2))
  agent.destroy()
}
