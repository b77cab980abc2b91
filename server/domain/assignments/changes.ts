// Changing assignments (issue #12, docs/domain.md "Assignments"): add or remove users of a mission
// (set operations: a user already so changes nothing and records nothing), or add a whole team. Each
// change runs in one transaction under the mission's row lock, with one audit entry per user changed
// (entity `mission`, action `assign`/`unassign`). find-lead-to-process reads mission_users in its own
// statement (server/domain/leads/assignment.ts), so a change counts from the next find. What a manager
// may change is server/domain/assignments/scope.ts's (issue #26).
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { AssignmentChange } from '../../../src/contracts/assignments.ts'
import type { Db } from '../../db/client.ts'
import { missionUsers, teamMembers, teams, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assignableMission, managesTeam, targetsOf, type AssignmentActor, type Person } from './scope.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { isOpenedToTeam, openTeam } from './mission-teams.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export const assignmentMessages = {
  archivedMission: 'Cette mission est archivée : restaurez-la pour y affecter des utilisateurs.',
  notYourTeam: 'Vous ne pouvez affecter que les équipes que vous gérez.',
  teamNotOpened: 'Cette mission n’est pas ouverte à cette équipe : un administrateur peut la lui ouvrir.',
  teamNotFound: 'Équipe introuvable.',
  archivedTeam: 'Cette équipe est archivée.',
} as const

/** The roles a whole team brings to a mission: the ones who work leads (administrators see all). */
export const TEAM_ASSIGNED_ROLES = ['TELEOPERATOR', 'MANAGER'] as const

async function addAll(
  tx: Tx,
  actorId: number,
  missionId: number,
  people: Person[],
  team?: string,
): Promise<number[]> {
  if (people.length === 0) return []
  const added = await tx
    .insert(missionUsers)
    .values(people.map((who) => ({ missionId, userId: who.id })))
    .onConflictDoNothing()
    .returning({ userId: missionUsers.userId })
  const ids = new Set(added.map((row) => row.userId))
  for (const who of people.filter((one) => ids.has(one.id)))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'mission',
      entityId: missionId,
      action: 'assign',
      after: { userId: who.id, user: who.name, ...(team ? { team } : {}) },
    })
  return [...ids].toSorted((a, b) => a - b)
}

/** Adds the users to the mission (not an archived one). */
export async function assignUsers(
  db: Db,
  actor: AssignmentActor,
  missionId: number,
  userIds: readonly number[],
): Promise<AssignmentChange> {
  return db.transaction(async (tx) => {
    const mission = await assignableMission(tx, actor, missionId, true)
    if (mission.archivedAt) throw errors.conflict(assignmentMessages.archivedMission)
    const people = await targetsOf(tx, actor, missionId, userIds, true)
    return { missionId, changedUserIds: await addAll(tx, actor.id, missionId, people) }
  })
}

/**
 * Removes the users from the mission (an archived one too). A lead a removed user holds stays
 * theirs until tagged (server/domain/leads/access.ts lets a holder see the lead they hold).
 */
export async function unassignUsers(
  db: Db,
  actor: AssignmentActor,
  missionId: number,
  userIds: readonly number[],
): Promise<AssignmentChange> {
  return db.transaction(async (tx) => {
    await assignableMission(tx, actor, missionId, true)
    const people = await targetsOf(tx, actor, missionId, userIds, false)
    const removed = await tx
      .delete(missionUsers)
      .where(
        and(
          eq(missionUsers.missionId, missionId),
          inArray(
            missionUsers.userId,
            people.map((who) => who.id),
          ),
        ),
      )
      .returning({ userId: missionUsers.userId })
    const ids = new Set(removed.map((row) => row.userId))
    for (const who of people.filter((one) => ids.has(one.id)))
      await recordAudit(tx, {
        userId: actor.id,
        entity: 'mission',
        entityId: missionId,
        action: 'unassign',
        before: { userId: who.id, user: who.name },
      })
    return { missionId, changedUserIds: [...ids].toSorted((a, b) => a - b) }
  })
}

/**
 * Adds a whole team to the mission: its active teleoperators and managers as they are now (later
 * members are not added by themselves). An administrator also opens the mission to the team; a
 * manager may add only a team they manage that the mission is opened to, and never adds themself.
 */
export async function assignTeam(
  db: Db,
  actor: AssignmentActor,
  missionId: number,
  teamId: number,
): Promise<AssignmentChange> {
  return db.transaction(async (tx) => {
    const mission = await assignableMission(tx, actor, missionId, true)
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId))
    if (!team) throw errors.notFound(assignmentMessages.teamNotFound)
    const admin = actor.role === 'ADMIN'
    if (!admin && !(await managesTeam(tx, actor.id, teamId)))
      throw errors.forbidden(assignmentMessages.notYourTeam)
    if (team.archivedAt) throw errors.conflict(assignmentMessages.archivedTeam)
    if (mission.archivedAt) throw errors.conflict(assignmentMessages.archivedMission)
    if (admin) await openTeam(tx, actor.id, missionId, team)
    else if (!(await isOpenedToTeam(tx, missionId, teamId)))
      throw errors.forbidden(assignmentMessages.teamNotOpened)
    const members = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(
          eq(teamMembers.teamId, teamId),
          eq(users.status, 'ACTIVE'),
          inArray(users.role, [...TEAM_ASSIGNED_ROLES]),
          admin ? undefined : ne(users.id, actor.id),
        ),
      )
    const people = members.map((row) => ({ id: row.id, name: personName(row) }))
    return { missionId, changedUserIds: await addAll(tx, actor.id, missionId, people, team.name) }
  })
}
