// Who may read or act on a lead (issue #17 point 1; docs/domain.md "Users, roles and access"), the
// one rule every lead and call route goes through: a teleoperator sees the leads of the missions they
// are assigned to; a manager those too, and the leads of the missions an administrator opened to the
// teams they manage (mission_teams, issue #26: what a manager assigns never widens what they see); an
// administrator every lead. A lead one may not see answers exactly like a lead that does not exist
// (404 "Lead introuvable."), so ids cannot be probed.
import { and, eq, inArray, or, type Column, type SQL } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import { leads, markets, missionTeams, missionUsers, teamMembers } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { worksOnLead } from './holding.ts'
import { whereRef } from './view.ts'
import { messages } from '../../lib/messages.ts'

export type LeadActor = { id: number; role: Role }

export const LEAD_NOT_FOUND = messages.leadNotFound

/** The answer for a lead that does not exist and for a lead the actor may not see alike. */
export function leadNotFound() {
  return errors.notFound(LEAD_NOT_FOUND)
}

/** The ids of the missions the user is assigned to (a subquery). */
function assignedMissionIds(db: Db, userId: number) {
  return db.select({ id: missionUsers.missionId }).from(missionUsers).where(eq(missionUsers.userId, userId))
}

/**
 * The ids of the missions opened to a team the user manages (a subquery): a team's managers are its
 * members flagged `is_manager` (issue #12); an archived team has no members, so it opens nothing.
 */
export function openedMissionIds(db: Db, userId: number) {
  return db
    .select({ id: missionTeams.missionId })
    .from(missionTeams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, missionTeams.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isManager, true)))
}

/**
 * The condition on a mission id (`missions.id`, `markets.mission_id`) that keeps the missions whose
 * leads the actor sees: a teleoperator's assigned missions; a manager's, and the missions opened to
 * the teams they manage; `undefined` for an administrator (every mission). Every screen offering
 * missions to a manager (extraction filters, follow-up) and every lead query go through it.
 */
export function missionScopeCondition(db: Db, actor: LeadActor, missionId: Column): SQL | undefined {
  if (actor.role === 'ADMIN') return undefined
  const assigned = inArray(missionId, assignedMissionIds(db, actor.id))
  if (actor.role !== 'MANAGER') return assigned
  return or(assigned, inArray(missionId, openedMissionIds(db, actor.id)))
}

/**
 * The condition on `markets.mission_id` (and `leads.processing_user_id`) that keeps the leads the
 * actor sees, for a query of `leads` joined with `markets`; `undefined` for an administrator (every
 * lead). The lead one holds stays visible whatever one's missions: a user removed from a mission while
 * holding one of its leads keeps it until tagged (docs/domain.md "Assignments").
 */
export function visibleLeadsCondition(db: Db, actor: LeadActor): SQL | undefined {
  if (actor.role === 'ADMIN') return undefined
  return or(missionScopeCondition(db, actor, markets.missionId), eq(leads.processingUserId, actor.id))
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
