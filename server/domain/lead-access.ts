// Who may read or act on a lead (issue #17 point 1; docs/domain.md "Users, roles and access"), the
// one rule every lead and call route goes through: a teleoperator sees the leads of the missions they
// are assigned to; a manager those of the missions assigned to the members of their teams, themself
// included; an administrator every lead. A lead one may not see answers exactly like a lead that does
// not exist (404 "Lead introuvable."), so ids cannot be probed.
import { and, eq, inArray, or, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Role } from '../../src/contracts/roles.ts'
import type { Db } from '../db/client.ts'
import { leads, markets, missionUsers, teamMembers } from '../db/schema.ts'
import { errors } from '../lib/http-error.ts'
import { worksOnLead } from './lead-holding.ts'
import { whereRef } from './lead-view.ts'
import { messages } from '../lib/messages.ts'

export type LeadActor = { id: number; role: Role }

export const LEAD_NOT_FOUND = messages.leadNotFound

/** The answer for a lead that does not exist and for a lead the actor may not see alike. */
export function leadNotFound() {
  return errors.notFound(LEAD_NOT_FOUND)
}

/** The users whose missions the actor sees: themself, and for a manager every member of the teams they manage. */
function scopeUsers(db: Db, actor: LeadActor): SQL {
  if (actor.role !== 'MANAGER') return eq(missionUsers.userId, actor.id)
  const mine = alias(teamMembers, 'mine')
  const teamMates = db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(mine, eq(mine.teamId, teamMembers.teamId))
    // Issue #12: a manager manages the teams where they are flagged manager (team_members.is_manager).
    .where(and(eq(mine.userId, actor.id), eq(mine.isManager, true)))
  return or(eq(missionUsers.userId, actor.id), inArray(missionUsers.userId, teamMates))!
}

/**
 * The condition on `markets.mission_id` (and `leads.processing_user_id`) that keeps the leads the
 * actor sees, for a query of `leads` joined with `markets`; `undefined` for an administrator (every
 * lead). The lead one holds stays visible whatever one's missions: a user removed from a mission while
 * holding one of its leads keeps it until tagged (docs/domain.md "Assignments").
 */
export function visibleLeadsCondition(db: Db, actor: LeadActor): SQL | undefined {
  if (actor.role === 'ADMIN') return undefined
  return or(inArray(markets.missionId, scopeMissionIds(db, actor)), eq(leads.processingUserId, actor.id))
}

/**
 * The ids of the missions whose leads a teleoperator or manager sees (a subquery), for screens that
 * offer missions to choose from (the extraction filters, issue #13). Administrators see every mission.
 */
export function scopeMissionIds(db: Db, actor: LeadActor) {
  return db.select({ id: missionUsers.missionId }).from(missionUsers).where(scopeUsers(db, actor))
}

/** The lead (uuid or numeric id) with its mission id when the actor may see it, else 404. */
export async function findVisibleLead(db: Db, actor: LeadActor, ref: string | number) {
  const [row] = await db
    .select({ lead: leads, missionId: markets.missionId })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(and(whereRef(ref), visibleLeadsCondition(db, actor)))
  if (!row) throw leadNotFound()
  return row
}

/** Whether the actor may see the lead, for answers that mention a lead without reading it. */
export async function mayReadLead(db: Db, actor: LeadActor, leadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(and(eq(leads.id, leadId), visibleLeadsCondition(db, actor)))
  return row !== undefined
}

/**
 * Acting on a lead one sees: a teleoperator only on the lead they hold, or on a free lead where the
 * action takes one (`takesFreeLead`); managers and administrators on any lead they see.
 */
export function mayActOnLead(
  actor: LeadActor,
  lead: { processingUserId: number | null },
  options: { takesFreeLead: boolean },
): boolean {
  if (actor.role !== 'TELEOPERATOR') return true
  return worksOnLead(actor.id, lead, options)
}
