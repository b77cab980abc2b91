// "Mes rappels" (issue #29 point 5; docs/domain.md "Recall"): an agent's own recalls. A recall is the
// agent's when they hold the lead, or when it is free and their outcome is its latest (within
// RECALL_OWNERSHIP_DAYS, the longest a recall can be set ahead); only workable RECALL/UNREACHABLE
// leads of the missions the agent sees (the one mission-scope rule of ./access.ts). In the hand-out's
// order: no date first, then oldest recall first. "Ma journée" counts the due ones from here.
import { and, eq, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { MyRecall } from '../../../src/contracts/my-recalls.ts'
import type { Db } from '../../db/client.ts'
import { leads, markets, missions } from '../../db/schema.ts'
import { missionScopeCondition, type LeadActor } from './access.ts'
import { WORKABLE } from './pick-rule.ts'

/** A free lead counts as the user's recall when their outcome is its latest, within this window. */
export const RECALL_OWNERSHIP_DAYS = 60
/** The list's length at most (the hand-out takes them in this order anyway). */
const LIMIT = 200

const l = alias(leads, 'l')
const mk = alias(markets, 'mk')
const m = alias(missions, 'm')

function ownRecallsCondition(db: Db, actor: LeadActor, now: Date) {
  const since = new Date(now.getTime() - RECALL_OWNERSHIP_DAYS * 86_400_000)
  const free = sql`${l.processingUserId} is null and ${l.id} in (
    select lt.lead_id from lead_tags lt
    where lt.user_id = ${actor.id} and lt.created_at > ${since}
      and not exists (select 1 from lead_tags newer where newer.lead_id = lt.lead_id
        and (newer.created_at, newer.id) > (lt.created_at, lt.id)))`
  return and(
    sql`${l.status} in ('RECALL', 'UNREACHABLE') and ${WORKABLE}`,
    // The lead one holds stays visible whatever one's missions (./access.ts visibleLeadsCondition).
    or(eq(l.processingUserId, actor.id), and(sql`${free}`, missionScopeCondition(db, actor, mk.missionId))),
  )
}

export async function myRecallsOf(db: Db, actor: LeadActor, now = new Date()): Promise<MyRecall[]> {
  const rows = await db
    .select({
      id: l.id,
      uuid: l.uuid,
      firstName: l.firstName,
      lastName: l.lastName,
      status: l.status,
      recallAt: l.recallAt,
      processingUserId: l.processingUserId,
      missionId: m.id,
      missionName: m.name,
      missionColor: m.color,
    })
    .from(l)
    .innerJoin(mk, eq(mk.id, l.marketId))
    .innerJoin(m, eq(m.id, mk.missionId))
    .where(ownRecallsCondition(db, actor, now))
    .orderBy(sql`coalesce(${l.recallAt}, '-infinity'::timestamptz)`, l.id)
    .limit(LIMIT)
  return rows.map((row) => ({
    id: row.id,
    uuid: row.uuid,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status as MyRecall['status'],
    recallAt: row.recallAt?.toISOString() ?? null,
    mission: { id: row.missionId, name: row.missionName, color: row.missionColor },
    heldByMe: row.processingUserId === actor.id,
  }))
}

/** How many of the agent's recalls are due at `now` (no date, or its time come). */
export async function myRecallsDueCount(db: Db, actor: LeadActor, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .innerJoin(mk, eq(mk.id, l.marketId))
    .innerJoin(m, eq(m.id, mk.missionId))
    .where(
      and(
        ownRecallsCondition(db, actor, now),
        sql`coalesce(${l.recallAt}, '-infinity'::timestamptz) <= ${now}`,
      ),
    )
  return Number(row?.n ?? 0)
}
