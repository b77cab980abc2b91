// Reading assignments (issue #12, docs/domain.md "Assignments"): pages of users with the missions
// (or teams) they are in. An administrator reads every user and mission; a manager only the users of
// the teams they manage (themself included) and the missions opened to those teams (issue #26,
// server/domain/assignments/scope.ts), the ones they may change.
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type {
  AssignmentGridParams,
  AssignmentMission,
  MissionAssignmentPage,
  MissionAssignmentParams,
  MissionGrid,
  TeamGrid,
} from '../../../src/contracts/assignments.ts'
import type { Db } from '../../db/client.ts'
import { missionUsers, missions, teamMembers, teams, users } from '../../db/schema.ts'
import {
  assignableMission,
  managedUsersCondition,
  openedUsersCondition,
  type AssignmentActor,
} from './scope.ts'
import { openedMissionIds } from '../leads/access.ts'

/** Search on first name, last name and e-mail, folded like the unique names ("helene" finds "Hélène"). */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined
  const words = search.split(/\s+/).filter(Boolean)
  return and(
    ...words.map(
      (word) =>
        sql`strpos(app_fold(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}), app_fold(${word})) > 0`,
    ),
  )
}

function gridCondition(actor: AssignmentActor, params: AssignmentGridParams): SQL | undefined {
  return and(
    managedUsersCondition(actor),
    searchCondition(params.search),
    params.role ? eq(users.role, params.role) : undefined,
    params.teamId === undefined
      ? undefined
      : sql`exists (select 1 from team_members tm where tm.user_id = ${users.id} and tm.team_id = ${params.teamId})`,
  )
}

const person = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  status: users.status,
}
const byName = [asc(sql`app_fold(${users.lastName})`), asc(sql`app_fold(${users.firstName})`), asc(users.id)]

async function userPage(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(person)
      .from(users)
      .where(where)
      .orderBy(...byName)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

function toMission(row: typeof missions.$inferSelect): AssignmentMission {
  return { id: row.id, name: row.name, color: row.color, archivedAt: row.archivedAt?.toISOString() ?? null }
}

function groupBy(rows: { key: number; value: number }[]): Map<number, number[]> {
  const map = new Map<number, number[]>()
  for (const { key, value } of rows) map.set(key, [...(map.get(key) ?? []), value])
  return map
}

/** GET /api/assignments/missions: users × the non-archived missions (a manager's: opened to their teams). */
export async function missionGrid(
  db: Db,
  actor: AssignmentActor,
  params: AssignmentGridParams,
): Promise<MissionGrid> {
  const { page, pageSize } = params
  const [{ rows, total }, columns] = await Promise.all([
    userPage(db, gridCondition(actor, params), page, pageSize),
    db
      .select()
      .from(missions)
      .where(
        and(
          isNull(missions.archivedAt),
          actor.role === 'ADMIN' ? undefined : inArray(missions.id, openedMissionIds(db, actor.id)),
        ),
      )
      .orderBy(asc(sql`app_fold(${missions.name})`), asc(missions.id)),
  ])
  const userIds = rows.map((row) => row.id)
  const assigned =
    userIds.length === 0 || columns.length === 0
      ? []
      : await db
          .select({ key: missionUsers.userId, value: missionUsers.missionId })
          .from(missionUsers)
          .where(
            and(
              inArray(missionUsers.userId, userIds),
              inArray(
                missionUsers.missionId,
                columns.map((mission) => mission.id),
              ),
            ),
          )
  const byUser = groupBy(assigned)
  return {
    missions: columns.map(toMission),
    items: rows.map((row) => ({ ...row, missionIds: (byUser.get(row.id) ?? []).toSorted((a, b) => a - b) })),
    total,
    page,
    pageSize,
  }
}

/** GET /api/assignments/teams (administrators): users × the non-archived teams. */
export async function teamGrid(
  db: Db,
  actor: AssignmentActor,
  params: AssignmentGridParams,
): Promise<TeamGrid> {
  const { page, pageSize } = params
  const [{ rows, total }, columns] = await Promise.all([
    userPage(db, gridCondition(actor, params), page, pageSize),
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(isNull(teams.archivedAt))
      .orderBy(asc(sql`app_fold(${teams.name})`), asc(teams.id)),
  ])
  const userIds = rows.map((row) => row.id)
  const memberships =
    userIds.length === 0
      ? []
      : await db
          .select({ key: teamMembers.userId, value: teamMembers.teamId })
          .from(teamMembers)
          .where(inArray(teamMembers.userId, userIds))
  const byUser = groupBy(memberships)
  return {
    teams: columns,
    items: rows.map((row) => ({ ...row, teamIds: (byUser.get(row.id) ?? []).toSorted((a, b) => a - b) })),
    total,
    page,
    pageSize,
  }
}

/**
 * GET /api/assignments/mission/{missionId}: the users assigned to it, or (`assigned: false`) the
 * active users one may still assign to it, the picker's candidates (a manager's: the members of their
 * teams the mission is opened to, never themself). A manager reads only a mission opened to a team
 * they manage (`assignableMission`).
 */
export async function missionAssignments(
  db: Db,
  actor: AssignmentActor,
  missionId: number,
  params: MissionAssignmentParams,
): Promise<MissionAssignmentPage> {
  const mission = await assignableMission(db, actor, missionId)
  const isAssigned = sql`exists (select 1 from mission_users mu where mu.user_id = ${users.id} and mu.mission_id = ${missionId})`
  const candidates = and(
    sql`not ${isAssigned}`,
    eq(users.status, 'ACTIVE'),
    openedUsersCondition(actor, missionId),
    actor.role === 'ADMIN' ? undefined : ne(users.id, actor.id),
  )
  const where = and(
    managedUsersCondition(actor),
    searchCondition(params.search),
    params.assigned ? isAssigned : candidates,
  )
  const { rows, total } = await userPage(db, where, params.page, params.pageSize)
  return { mission: toMission(mission), items: rows, total, page: params.page, pageSize: params.pageSize }
}
