// Whose activity a reader sees (issue #14, docs/domain.md "Activity"): an administrator everyone (or
// one team), a manager the members of the teams they manage (team_members.is_manager, the reading
// rule of server/domain/access/live-access.ts) and themself, or one of those teams. Teleoperators never reach
// here (route access).
import { sql } from 'drizzle-orm'
import type { ActivityChoice } from '../../../src/contracts/activity.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { errors } from '../../lib/http-error.ts'
import { assertReadableUser, readableUsers, type Viewer } from '../access/live-access.ts'
import { TEAM_NOT_FOUND } from '../teams/reads.ts'

export const NOT_YOUR_TEAM = 'Vous ne pouvez consulter que l’activité des équipes que vous encadrez.'

export type ActivityScope = {
  teamId: number | null
  /** The teams the reader may filter by (not archived), by name. */
  teams: ActivityChoice[]
  /** The users whose activity is read: everyone, or these ids. */
  members: 'everyone' | number[]
}

/** `{1,2,3}` for `= any(…::int[])`: one array parameter, whatever the count. */
export function intArray(ids: readonly number[]) {
  return sql`${`{${ids.join(',')}}`}::int[]`
}

/** A condition on a user id column: in the scope. */
export function inScope(column: ReturnType<typeof sql.raw>, scope: ActivityScope) {
  return scope.members === 'everyone' ? sql`true` : sql`${column} = any(${intArray(scope.members)})`
}

async function teamsOf(db: Db, viewer: Viewer): Promise<ActivityChoice[]> {
  const managed =
    viewer.role === 'ADMIN'
      ? sql`true`
      : sql`exists (select 1 from team_members tm where tm.team_id = t.id and tm.user_id = ${viewer.id}
          and tm.is_manager)`
  const rows = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select t.id, t.name from teams t
      where t.archived_at is null and ${managed} order by app_fold(t.name), t.id`),
  )
  return rows.map((row) => ({ id: Number(row.id), name: row.name }))
}

async function membersOf(db: Db, teamId: number): Promise<number[] | null> {
  const rows = rowsOf<{ team: number | null; user_id: number | null }>(
    await db.execute(sql`select t.id as team, tm.user_id from teams t
      left join team_members tm on tm.team_id = t.id where t.id = ${teamId}`),
  )
  if (rows.length === 0) return null
  return rows.filter((row) => row.user_id !== null).map((row) => Number(row.user_id))
}

export async function activityScope(
  db: Db,
  viewer: Viewer,
  teamId: number | undefined,
): Promise<ActivityScope> {
  const teams = await teamsOf(db, viewer)
  if (teamId === undefined) {
    const readable = await readableUsers(db, viewer)
    return { teamId: null, teams, members: readable === 'everyone' ? 'everyone' : [...readable] }
  }
  if (viewer.role !== 'ADMIN' && !teams.some((team) => team.id === teamId))
    throw errors.forbidden(NOT_YOUR_TEAM)
  const members = await membersOf(db, teamId)
  if (members === null) throw errors.notFound(TEAM_NOT_FOUND)
  return { teamId, teams, members }
}

/**
 * The scope narrowed to one agent: 404 as for a user that does not exist when the reader may not
 * read that agent at all (issue #26); an agent outside the team chosen leaves nobody.
 */
export async function narrowToAgent(
  db: Db,
  viewer: Viewer,
  scope: ActivityScope,
  userId: number | undefined,
): Promise<ActivityScope> {
  if (userId === undefined) return scope
  await assertReadableUser(db, viewer, userId)
  const members = scope.members === 'everyone' ? [userId] : scope.members.filter((id) => id === userId)
  return { ...scope, members }
}
