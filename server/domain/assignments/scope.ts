// What a manager may change in the assignments (issue #26 point 1, docs/domain.md "Assignments"):
// only the missions an administrator opened to a team they manage (mission_teams), only the members
// of such a team, and never themself. A manager sees the leads of the missions opened to their teams
// (server/domain/leads/access.ts), so nothing they assign widens what they see. Administrators change
// everything.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import { missions, missionTeams, missionUsers, teamMembers, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import type { Tx } from '../audit/trail.ts'
import { MISSION_NOT_FOUND } from '../missions/reads.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export type AssignmentActor = { id: number; role: Role }

export const scopeMessages = {
  notOpened:
    'Cette mission n’est pas ouverte aux équipes que vous gérez : un administrateur peut la leur ouvrir.',
  notOpenedToUser: (name: string) =>
    `La mission n’est pas ouverte à l’équipe de ${name} : un administrateur peut la lui ouvrir.`,
  self: 'Vos propres missions sont décidées par un administrateur.',
} as const

export type Person = { id: number; name: string }

/** The users a manager reads and may remove: members of a team where the manager is flagged manager. */
export function managedUsersCondition(actor: AssignmentActor): SQL | undefined {
  if (actor.role === 'ADMIN') return undefined
  return sql`exists (select 1 from team_members them
    join team_members mine on mine.team_id = them.team_id
    where them.user_id = ${users.id} and mine.user_id = ${actor.id} and mine.is_manager)`
}

/**
 * The users a manager may add to the mission: members of a team they manage that the mission is
 * opened to (the condition on `users.id`); `undefined` for an administrator.
 */
export function openedUsersCondition(actor: AssignmentActor, missionId: number): SQL | undefined {
  if (actor.role === 'ADMIN') return undefined
  return sql`exists (select 1 from team_members them
    join team_members mine on mine.team_id = them.team_id
    join mission_teams mt on mt.team_id = them.team_id
    where them.user_id = ${users.id} and mine.user_id = ${actor.id} and mine.is_manager
      and mt.mission_id = ${missionId})`
}

/** The mission's row; 404 when it does not exist. `lock` serialises the changes of one mission. */
export async function missionRow(tx: Tx, missionId: number, lock = false) {
  const query = tx.select().from(missions).where(eq(missions.id, missionId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw errors.notFound(MISSION_NOT_FOUND)
  return row
}

/** Whether the mission is opened to a team the actor manages. */
async function isOpenedTo(tx: Tx, actorId: number, missionId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: missionTeams.missionId })
    .from(missionTeams)
    .innerJoin(teamMembers, eq(teamMembers.teamId, missionTeams.teamId))
    .where(
      and(
        eq(missionTeams.missionId, missionId),
        eq(teamMembers.userId, actorId),
        eq(teamMembers.isManager, true),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * The mission's row for whoever reads or changes its assignments. A manager gets it only when it is
 * opened to a team they manage: a mission they do not see at all answers like one that does not exist
 * (404), one they see only through their own assignment 403.
 */
export async function assignableMission(tx: Tx, actor: AssignmentActor, missionId: number, lock = false) {
  const mission = await missionRow(tx, missionId, lock)
  if (actor.role === 'ADMIN' || (await isOpenedTo(tx, actor.id, missionId))) return mission
  const [own] = await tx
    .select({ id: missionUsers.missionId })
    .from(missionUsers)
    .where(and(eq(missionUsers.missionId, missionId), eq(missionUsers.userId, actor.id)))
  if (!own) throw errors.notFound(MISSION_NOT_FOUND)
  throw errors.forbidden(scopeMessages.notOpened)
}

/**
 * The users named, each once; 404 if one does not exist or, for a manager, is outside the teams they
 * manage (the same answer). A manager may not name themself, and adds (`adding`) only members of a team the mission is
 * opened to (403, nothing changed); removing needs the user in a team they manage only.
 */
export async function targetsOf(
  tx: Tx,
  actor: AssignmentActor,
  missionId: number,
  userIds: readonly number[],
  adding: boolean,
): Promise<Person[]> {
  const unique = [...new Set(userIds)]
  const admin = actor.role === 'ADMIN'
  const rows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      managed: admin ? sql<boolean>`true` : sql<boolean>`${managedUsersCondition(actor)}`,
      opened: admin ? sql<boolean>`true` : sql<boolean>`${openedUsersCondition(actor, missionId)}`,
    })
    .from(users)
    .where(inArray(users.id, unique))
  // A user outside the teams the manager manages answers like one that does not exist (issue #26
  // point 7): the status tells nobody who exists there.
  if (rows.length !== unique.length || rows.some((row) => !row.managed))
    throw errors.notFound(messages.userNotFound)
  if (!admin && rows.some((row) => row.id === actor.id)) throw errors.forbidden(scopeMessages.self)
  const closed = adding ? rows.find((row) => !row.opened) : undefined
  if (closed) throw errors.forbidden(scopeMessages.notOpenedToUser(personName(closed)))
  return rows.map((row) => ({ id: row.id, name: personName(row) }))
}

/** Whether the manager manages the team (is a member flagged `is_manager`). */
export async function managesTeam(tx: Tx, actorId: number, teamId: number): Promise<boolean> {
  const [mine] = await tx
    .select({ isManager: teamMembers.isManager })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, actorId)))
  return mine?.isManager === true
}
