// GET /api/activity/stats (issue #14, docs/domain.md "Activity"): per agent over a period of Paris
// days and over the previous period of the same length, from the daily aggregates (daily_activity:
// a year is ~25,000 rows for 100 agents; today's row is kept live by the triggers of migration 0020),
// plus a one-day period's calls by hour from the calls themselves (one day of one scope).
import { sql } from 'drizzle-orm'
import {
  daysOf,
  periodLength,
  previousPeriod,
  resolvePeriod,
  type DayRange,
} from '../../../src/contracts/activity-periods.ts'
import type {
  ActivityFigures,
  ActivityStats,
  ActivityStatsParams,
  AgentStats,
} from '../../../src/contracts/activity.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { dayRange, parisDay } from '../../../src/contracts/paris-calendar.ts'
import type { Viewer } from '../access/live-access.ts'
import { addFigures, countsOf, SUM_COUNTS, toInt, type CountColumns } from './rows.ts'
import { activityScope, inScope, intArray, narrowToAgent, type ActivityScope } from './scope.ts'
import { personName } from '../../../src/contracts/person-name.ts'

type Periods = { current: DayRange; previous: DayRange }

const NO_FIGURES: ActivityFigures = { ...countsOf({}), tagsByOutcome: {} }

/** Days of either period, and which one a day belongs to, over daily_activity `d`. */
function inPeriods({ current, previous }: Periods) {
  return sql`(d.day between ${current.from}::date and ${current.to}::date
    or d.day between ${previous.from}::date and ${previous.to}::date)`
}
const isCurrent = ({ current }: Periods) => sql`(d.day >= ${current.from}::date)`

type AgentRow = CountColumns & {
  id: number
  first_name: string
  last_name: string
  status: string
  current: boolean | null
}

/** The scope's agents (active, or with activity in either period) and their sums per period. */
async function agentFigures(db: Db, scope: ActivityScope, periods: Periods) {
  const rows = rowsOf<AgentRow>(
    await db.execute(sql`
      select u.id, u.first_name, u.last_name, u.status, ${isCurrent(periods)} as current,
        ${sql.raw(SUM_COUNTS)}
      from users u
      left join daily_activity d on d.user_id = u.id and ${inPeriods(periods)}
      where u.role in ('TELEOPERATOR', 'MANAGER') and ${inScope(sql.raw('u.id'), scope)}
      group by u.id, 5
      order by u.name_folded, u.id`),
  )
  const agents = new Map<number, AgentStats>()
  for (const row of rows) {
    const id = toInt(row.id)
    if (row.current === null && row.status !== 'ACTIVE') continue
    const agent = agents.get(id) ?? {
      userId: id,
      firstName: row.first_name,
      lastName: row.last_name,
      current: NO_FIGURES,
      previous: NO_FIGURES,
    }
    if (row.current !== null)
      agent[row.current ? 'current' : 'previous'] = { ...countsOf(row), tagsByOutcome: {} }
    agents.set(id, agent)
  }
  return [...agents.values()]
}

/** Outcomes by catalogue tag id, per agent and period, added to the agents' figures. */
async function addOutcomes(db: Db, agents: AgentStats[], periods: Periods) {
  if (agents.length === 0) return
  const byId = new Map(agents.map((agent) => [agent.userId, agent]))
  const rows = rowsOf<{ user_id: number; current: boolean; tag: string; n: unknown }>(
    await db.execute(sql`
      select d.user_id, ${isCurrent(periods)} as current, o.key as tag, sum(o.value::int) as n
      from daily_activity d cross join lateral jsonb_each_text(d.tags_by_outcome) o
      where d.user_id = any(${intArray([...byId.keys()])}) and ${inPeriods(periods)}
      group by 1, 2, 3`),
  )
  for (const row of rows) {
    const agent = byId.get(toInt(row.user_id))
    if (!agent) continue
    const side = row.current ? 'current' : 'previous'
    agent[side] = { ...agent[side], tagsByOutcome: { ...agent[side].tagsByOutcome, [row.tag]: toInt(row.n) } }
  }
}

async function perDay(db: Db, userIds: number[], range: DayRange) {
  const rows =
    userIds.length === 0
      ? []
      : rowsOf<CountColumns & { day: string | Date }>(
          await db.execute(sql`
            select d.day::text as day, ${sql.raw(SUM_COUNTS)} from daily_activity d
            where d.user_id = any(${intArray(userIds)}) and d.day between ${range.from}::date and ${range.to}::date
            group by d.day`),
        )
  const byDay = new Map(rows.map((row) => [String(row.day).slice(0, 10), countsOf(row)]))
  return daysOf(range).map((day) => {
    const counts = byDay.get(day) ?? countsOf({})
    const { callsMade, callsReceived, answered, appointments } = counts
    return { day, callsMade, callsReceived, answered, appointments }
  })
}

/** A one-day period's calls by Paris hour (the rule of daily_activity: a call counts where it started). */
async function perHour(db: Db, userIds: number[], day: string) {
  const { start, end } = dayRange(day, day)
  const rows =
    userIds.length === 0
      ? []
      : rowsOf<{ hour: unknown; made: unknown; received: unknown; answered: unknown }>(
          await db.execute(sql`
            select extract(hour from c.started_at at time zone 'Europe/Paris')::int as hour,
              count(*) filter (where c.direction = 'outbound') as made,
              count(*) filter (where c.direction = 'inbound') as received,
              count(c.answered_at) as answered
            from calls c
            where c.user_id = any(${intArray(userIds)}) and c.started_at >= ${start} and c.started_at < ${end}
            group by 1`),
        )
  const byHour = new Map(rows.map((row) => [toInt(row.hour), row]))
  return Array.from({ length: 24 }, (_, hour) => {
    const row = byHour.get(hour)
    return {
      hour,
      callsMade: toInt(row?.made),
      callsReceived: toInt(row?.received),
      answered: toInt(row?.answered),
    }
  })
}

async function catalogueTags(db: Db, agents: AgentStats[]) {
  const ids = new Set<number>()
  for (const agent of agents)
    for (const side of [agent.current, agent.previous])
      for (const key of Object.keys(side.tagsByOutcome)) if (/^\d+$/.test(key)) ids.add(Number(key))
  if (ids.size === 0) return []
  const rows = rowsOf<{ id: number; label: string; color: string }>(
    await db.execute(sql`select id, label, color from tags where id = any(${intArray([...ids])})
      order by app_fold(label), id`),
  )
  return rows.map((row) => ({ id: toInt(row.id), label: row.label, color: row.color }))
}

export async function activityStats(
  db: Db,
  viewer: Viewer,
  params: ActivityStatsParams,
  now = new Date(),
): Promise<ActivityStats> {
  const day = parisDay(now)
  const custom = params.from && params.to ? { from: params.from, to: params.to } : undefined
  const current = resolvePeriod(params.period, day, custom)
  const periods = { current, previous: previousPeriod(params.period, current) }
  const scope = await activityScope(db, viewer, params.teamId)
  const narrowed = await narrowToAgent(db, viewer, scope, params.userId)
  const everyone = await agentFigures(db, scope, periods)
  const allowed = narrowed.members === 'everyone' ? null : new Set(narrowed.members)
  const rows = everyone.filter((agent) => allowed === null || allowed.has(agent.userId))
  await addOutcomes(db, rows, periods)
  const ids = rows.map((agent) => agent.userId)
  return {
    period: { preset: params.period, ...current },
    previous: periods.previous,
    day,
    teamId: scope.teamId,
    userId: params.userId ?? null,
    teams: scope.teams,
    agents: everyone.map((agent) => ({ id: agent.userId, name: personName(agent) })),
    tags: await catalogueTags(db, rows),
    rows,
    totals: {
      current: rows.reduce((sum, agent) => addFigures(sum, agent.current), NO_FIGURES),
      previous: rows.reduce((sum, agent) => addFigures(sum, agent.previous), NO_FIGURES),
    },
    perDay: await perDay(db, ids, current),
    perHour: periodLength(current) === 1 ? await perHour(db, ids, current.from) : null,
  }
}
