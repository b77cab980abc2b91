// The lead follow-up's reads (issue #14; docs/domain.md "Timeline and follow-up"): the missions a
// reader follows (administrators all, managers their teams': server/domain/leads/access.ts), one
// mission's counts per market in one grouped statement, and the paged lead list behind a count.
import { and, asc, eq, isNull } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import {
  FOLLOW_UP_ALERTS,
  FOLLOW_UP_PAGE_SIZE,
  EXPIRING_SOON_DAYS,
  HELD_LONG_MINUTES,
  type FollowUp,
  type FollowUpCounts,
  type FollowUpLeadsPage,
  type FollowUpLeadsQuery,
} from '../../../src/contracts/follow-up.ts'
import { LEAD_STATUSES, type LeadStatus, type LeadSubstatus } from '../../../src/contracts/lead-statuses.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { markets, missions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { dayRange, parisDay } from '../../../src/contracts/paris-calendar.ts'
import { missionScopeCondition, type LeadActor } from '../leads/access.ts'
import { canRead, readableUsers } from '../access/live-access.ts'
import { alertConditions, bucketCondition, bucketOrder, OPEN, type FollowUpClock } from './buckets.ts'

export const MISSION_NOT_FOLLOWED = 'Mission introuvable.'

type MissionRow = { id: number; name: string; color: string; leadProcessingDurationDays: number }

/** The unarchived missions the reader follows, by name. */
async function followedMissions(db: Db, reader: LeadActor): Promise<MissionRow[]> {
  return db
    .select({
      id: missions.id,
      name: missions.name,
      color: missions.color,
      leadProcessingDurationDays: missions.leadProcessingDurationDays,
    })
    .from(missions)
    .where(and(isNull(missions.archivedAt), missionScopeCondition(db, reader, missions.id)))
    .orderBy(asc(missions.name), asc(missions.id))
}

function clockOf(now: Date, mission: MissionRow): FollowUpClock {
  return {
    now,
    dayStart: dayRange(parisDay(now), parisDay(now)).start,
    durationDays: mission.leadProcessingDurationDays,
  }
}

function emptyCounts(): FollowUpCounts {
  return {
    total: 0,
    statuses: [],
    substatuses: [],
    steps: [],
    alerts: {
      'recall-due': 0,
      'recall-overdue': 0,
      'forced-appointment': 0,
      'held-long': 0,
      'expiring-soon': 0,
      expired: 0,
    },
  }
}

type GroupRow = {
  market_id: number
  status: LeadStatus
  substatus: LeadSubstatus | null
  step: number
  open: boolean
  n: number
} & Record<(typeof FOLLOW_UP_ALERTS)[number], number>

function add<K extends string, T extends { count: number } & Record<K, unknown>>(
  list: T[],
  key: K,
  value: T[K],
  n: number,
) {
  const found = list.find((item) => item[key] === value)
  if (found) found.count += n
  else list.push({ [key]: value, count: n } as T)
}

function addGroup(counts: FollowUpCounts, row: GroupRow) {
  const n = Number(row.n)
  counts.total += n
  add(counts.statuses, 'status', row.status, n)
  if (row.substatus) add(counts.substatuses, 'substatus', row.substatus, n)
  if (row.open) add(counts.steps, 'step', Number(row.step), n)
  for (const alert of FOLLOW_UP_ALERTS) counts.alerts[alert] += Number(row[alert])
}

function sortCounts<T extends FollowUpCounts>(counts: T): T {
  counts.statuses.sort((a, b) => LEAD_STATUSES.indexOf(a.status) - LEAD_STATUSES.indexOf(b.status))
  counts.substatuses.sort((a, b) => a.substatus.localeCompare(b.substatus))
  counts.steps.sort((a, b) => a.step - b.step)
  return counts
}

/**
 * One market's leads grouped by status, substatus and step, each group with its alert counts: one scan
 * of the market's leads. A statement per market, not per mission: PGlite answers one statement at a
 * time, and an agent's next-lead request waits for at most one market's count (docs/decisions.md).
 */
async function groupsOf(db: Db, marketId: number, clock: FollowUpClock): Promise<GroupRow[]> {
  const alerts = alertConditions(clock)
  const filtered = sql.join(
    FOLLOW_UP_ALERTS.map(
      (alert) => sql`count(*) filter (where ${alerts[alert]})::int as ${sql.identifier(alert)}`,
    ),
    sql`, `,
  )
  return rowsOf<GroupRow>(
    await db.execute(sql`select l.market_id, l.status, l.substatus, l.step, ${OPEN} as open,
        count(*)::int as n, ${filtered}
      from leads l
      where l.market_id = ${marketId}
      group by l.market_id, l.status, l.substatus, l.step`),
  )
}

export async function followUpOf(
  db: Db,
  reader: LeadActor,
  missionId: number | undefined,
  now = new Date(),
): Promise<FollowUp> {
  const followed = await followedMissions(db, reader)
  const mission = missionId === undefined ? followed[0] : followed.find((item) => item.id === missionId)
  if (missionId !== undefined && !mission) throw errors.notFound(MISSION_NOT_FOLLOWED)
  const base = {
    missions: followed.map(({ id, name, color }) => ({ id, name, color })),
    heldLongMinutes: HELD_LONG_MINUTES,
    expiringSoonDays: EXPIRING_SOON_DAYS,
  }
  if (!mission) return { ...base, mission: null, markets: [], totals: emptyCounts() }
  const marketRows = await db
    .select({ id: markets.id, name: markets.name })
    .from(markets)
    .where(eq(markets.missionId, mission.id))
    .orderBy(asc(markets.name), asc(markets.id))
  const byMarket = new Map(marketRows.map((market) => [market.id, { ...market, ...emptyCounts() }]))
  const totals = emptyCounts()
  const clock = clockOf(now, mission)
  for (const market of byMarket.values()) {
    for (const row of await groupsOf(db, market.id, clock)) {
      addGroup(market, row)
      addGroup(totals, row)
    }
  }
  return {
    ...base,
    mission: { id: mission.id, name: mission.name, color: mission.color },
    markets: [...byMarket.values()].map(sortCounts),
    totals: sortCounts(totals),
  }
}

type LeadRow = {
  id: number
  uuid: string
  first_name: string
  last_name: string
  phone: string
  market_id: number
  market_name: string
  status: LeadStatus
  substatus: LeadSubstatus | null
  step: number
  recall_at: Date | string | null
  expires_at: Date | string
  holder_id: number | null
  holder_first_name: string | null
  holder_last_name: string | null
  processing_since: Date | string | null
}

const isoOf = (value: Date | string) => new Date(value).toISOString()

export async function followUpLeads(
  db: Db,
  reader: LeadActor,
  query: FollowUpLeadsQuery,
  now = new Date(),
): Promise<FollowUpLeadsPage> {
  const mission = (await followedMissions(db, reader)).find((item) => item.id === query.missionId)
  if (!mission) throw errors.notFound(MISSION_NOT_FOLLOWED)
  const clock = clockOf(now, mission)
  const condition = bucketCondition(query, clock)
  const where = sql`l.market_id in (select id from markets where mission_id = ${mission.id}
      ${query.marketId === undefined ? sql`` : sql`and id = ${query.marketId}`})
    ${condition ? sql`and ${condition}` : sql``}`
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from leads l where ${where}`),
  )
  const offset = (query.page - 1) * FOLLOW_UP_PAGE_SIZE
  const rows = rowsOf<LeadRow>(
    await db.execute(sql`select l.id, l.uuid, l.first_name, l.last_name, l.phone, l.market_id,
        mk.name as market_name, l.status, l.substatus, l.step, l.recall_at,
        l.meet_request_date + make_interval(days => ${mission.leadProcessingDurationDays}::int) as expires_at,
        u.id as holder_id, u.first_name as holder_first_name, u.last_name as holder_last_name,
        l.processing_since
      from leads l
      join markets mk on mk.id = l.market_id
      left join users u on u.id = l.processing_user_id
      where ${where}
      order by ${bucketOrder(query.bucket)}
      limit ${FOLLOW_UP_PAGE_SIZE} offset ${offset}`),
  )
  const readable = await readableUsers(db, reader)
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      uuid: row.uuid,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      market: { id: Number(row.market_id), name: row.market_name },
      status: row.status,
      substatus: row.substatus,
      step: Number(row.step),
      recallAt: row.recall_at === null ? null : isoOf(row.recall_at),
      expirationDate: isoOf(row.expires_at),
      processingUser:
        row.holder_id === null
          ? null
          : {
              id: Number(row.holder_id),
              firstName: row.holder_first_name ?? '',
              lastName: row.holder_last_name ?? '',
            },
      processingSince: row.processing_since === null ? null : isoOf(row.processing_since),
      canUnassign: row.holder_id !== null && canRead(readable, Number(row.holder_id)),
    })),
    total: Number(counted?.n ?? 0),
    page: query.page,
    pageSize: FOLLOW_UP_PAGE_SIZE,
  }
}
