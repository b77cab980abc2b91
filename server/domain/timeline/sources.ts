// What one agent did during one Paris day, read from the tables that record it (issue #14 "Timeline";
// docs/domain.md "Timeline and follow-up"): user_activity_events (sessions, sheets), calls, lead_tags
// and lead_events (assignments, comments, appointments). Each read walks a (user, time) index.
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { LeadStatus } from '../../../src/contracts/lead-statuses.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import {
  callProcessTags,
  calls,
  leadEvents,
  leadTags,
  leads,
  markets,
  tags,
  userActivityEvents,
} from '../../db/schema.ts'
import { visibleLeadsCondition, type LeadActor } from '../leads/access.ts'

export type DayRange = { start: Date; end: Date }

export function activityOf(db: Db, userId: number, { start, end }: DayRange) {
  return db
    .select({
      id: userActivityEvents.id,
      kind: userActivityEvents.kind,
      leadId: userActivityEvents.leadId,
      at: userActivityEvents.at,
      data: userActivityEvents.data,
    })
    .from(userActivityEvents)
    .where(
      and(
        eq(userActivityEvents.userId, userId),
        gte(userActivityEvents.at, start),
        lt(userActivityEvents.at, end),
      ),
    )
    .orderBy(asc(userActivityEvents.at), asc(userActivityEvents.id))
}

/** The calls the agent started (or answered) that day; a call belongs to the day it started. */
export function callsOf(db: Db, userId: number, { start, end }: DayRange) {
  return db
    .select({
      id: calls.id,
      direction: calls.direction,
      phone: calls.phoneNumber,
      leadId: sql<number | null>`coalesce(${calls.leadId}, ${calls.detectedLeadId})`,
      startedAt: calls.startedAt,
      answeredAt: calls.answeredAt,
      endedAt: calls.endedAt,
    })
    .from(calls)
    .where(and(eq(calls.userId, userId), gte(calls.startedAt, start), lt(calls.startedAt, end)))
}

/** The outcomes the agent recorded that day, with the label they had then and its folded form. */
export function outcomesOf(db: Db, userId: number, { start, end }: DayRange) {
  const label = sql<string>`coalesce(${leadTags.label}, ${tags.label})`
  return db
    .select({
      id: leadTags.id,
      leadId: leadTags.leadId,
      at: leadTags.createdAt,
      label,
      labelFolded: sql<string>`app_fold(${label})`,
      status: sql<LeadStatus>`${leadTags.status}`,
    })
    .from(leadTags)
    .innerJoin(callProcessTags, eq(callProcessTags.id, leadTags.callProcessTagId))
    .innerJoin(tags, eq(tags.id, callProcessTags.tagId))
    .where(and(eq(leadTags.userId, userId), gte(leadTags.createdAt, start), lt(leadTags.createdAt, end)))
}

/** Leads taken and released, comments and appointments: the agent's lead events of the day. */
export function leadEventsOf(db: Db, userId: number, { start, end }: DayRange) {
  return db
    .select({
      id: leadEvents.id,
      leadId: leadEvents.leadId,
      kind: leadEvents.kind,
      data: leadEvents.data,
      at: leadEvents.createdAt,
    })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.userId, userId),
        gte(leadEvents.createdAt, start),
        lt(leadEvents.createdAt, end),
        inArray(leadEvents.kind, ['assignment', 'comment', 'appointment']),
      ),
    )
}

export type DayLead = {
  id: number
  uuid: string
  firstName: string
  lastName: string
  phone: string
  folded: string
}

/** The day's leads the reader may see (server/domain/leads/access.ts); the others stay unnamed. */
export async function readableLeads(db: Db, reader: LeadActor, ids: number[]): Promise<Map<number, DayLead>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: leads.id,
      uuid: leads.uuid,
      firstName: leads.firstName,
      lastName: leads.lastName,
      phone: leads.phone,
      folded: sql<string>`${leads.firstNameFolded} || ' ' || ${leads.lastNameFolded}`,
    })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(and(inArray(leads.id, ids), visibleLeadsCondition(db, reader)))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The words of a search folded by the database's own app_fold (the names' folding). */
export async function foldedWords(db: Db, search: string): Promise<string[]> {
  if (search === '') return []
  const [row] = rowsOf<{ folded: string }>(await db.execute(sql`select app_fold(${search}) as folded`))
  return (row?.folded ?? '').split(/\s+/).filter(Boolean)
}
