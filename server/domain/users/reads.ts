// Reading users in the back office (issue #12 "Users", docs/domain.md "Users (back office)"): the
// paginated list with search, filters and sort, and one user with their teams, missions and whether
// they are working now. Administrators read everyone; a manager reads themselves and the members of
// their own teams (as teams are read, server/domain/teams/reads.ts); another user reads as one that does not
// exist.
import { and, asc, desc, eq, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import type { AdminUser, UserListRawQuery, UserPage } from '../../../src/contracts/user-admin.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import type { Tx } from '../audit/trail.ts'
import { toUser, WORKING_WINDOW_MS } from './profiles.ts'

export type UserReader = { id: number; role: Role }

type UserRow = typeof users.$inferSelect

export const USER_PAGE_SIZE_DEFAULT = 25
/** Words of a search taken into account (each must match). */
const SEARCH_WORDS_MAX = 5

/**
 * The folded "first last e-mail" of a user, kept by the database (migration 0017): a search reads it
 * instead of calling app_fold on each row; `name_folded` ("last first") serves the sort by name.
 */
const searchFolded = sql`"users"."search_folded"`
/** Qualified: inside subqueries and select lists Drizzle may render a column without its table. */
const userId = sql`"users"."id"`
const userStatus = sql`"users"."status"`
const nameFolded = sql`"users"."name_folded"`

/** The users the reader may see, as a condition (none for an administrator). */
export function readableUsers(reader: UserReader): SQL | undefined {
  if (reader.role === 'ADMIN') return undefined
  // Uncorrelated `in (…)` subqueries: computed once per statement and hashed, not once per user.
  return sql`(${userId} = ${reader.id} or ${userId} in (select theirs.user_id from team_members theirs
    join team_members mine on mine.team_id = theirs.team_id where mine.user_id = ${reader.id}))`
}

/** Working now: active, with a session used within the working window (as GET /api/users/working). */
function workingNow(now: number): SQL {
  const since = new Date(now - WORKING_WINDOW_MS)
  return sql`(${userStatus} = 'ACTIVE' and ${userId} in (select s.user_id from sessions s
    where s.last_seen_at > ${since}))`
}

function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX)
  if (words.length === 0) return undefined
  // strpos needs no wildcard escaping; the scalar subquery folds each word once per statement.
  return and(...words.map((word) => sql`strpos(${searchFolded}, (select app_fold(${word}))) > 0`))
}

function filters(query: UserListRawQuery, now: number): (SQL | undefined)[] {
  const flag = (value: boolean | undefined, condition: SQL) =>
    value === undefined ? undefined : value ? condition : not(condition)
  return [
    searchCondition(query.search),
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    query.teamId === undefined
      ? undefined
      : sql`${userId} in (select f.user_id from team_members f where f.team_id = ${query.teamId})`,
    query.missionId === undefined
      ? undefined
      : sql`${userId} in (select f.user_id from mission_users f where f.mission_id = ${query.missionId})`,
    query.needsAircallLink === undefined
      ? undefined
      : query.needsAircallLink
        ? isNull(users.aircallId)
        : isNotNull(users.aircallId),
    flag(query.workingNow, workingNow(now)),
  ]
}

function ordering(query: UserListRawQuery): SQL[] {
  const direction = query.order === 'desc' ? desc : asc
  const byName = direction(nameFolded)
  switch (query.sort ?? 'name') {
    case 'email':
      return [direction(users.email)]
    case 'role':
      return [direction(users.role), byName]
    case 'status':
      return [direction(users.status), byName]
    case 'createdAt':
      return [direction(users.createdAt)]
    default:
      return [byName]
  }
}

export async function listAdminUsers(
  db: Db,
  reader: UserReader,
  query: UserListRawQuery,
  now = Date.now(),
): Promise<UserPage> {
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? USER_PAGE_SIZE_DEFAULT
  const where = and(readableUsers(reader), ...filters(query, now))
  // The page stops after its rows (often reading the name index in order); the total is a second,
  // narrow count; teams, missions and presence are then read for the page's users only.
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...ordering(query), asc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ])
  return { items: await toAdminUsers(db, rows, now), total: count?.value ?? 0, page, pageSize }
}

/** A JSON aggregate: null when nothing matched; parsed by both drivers (a text answer is parsed here). */
type Json<T> = T[] | string | null
const parsed = <T>(value: Json<T> | undefined): T[] =>
  value == null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value

/** The rows with their teams and missions (by name) and presence, in the rows' order. */
export async function toAdminUsers(db: Tx, rows: UserRow[], now = Date.now()): Promise<AdminUser[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const since = new Date(now - WORKING_WINDOW_MS)
  // One statement (each query costs its round trip, in-process on PGlite too).
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )
  type Extras = {
    teams: Json<{ userId: number; id: number; name: string }>
    missions: Json<{ userId: number; id: number; name: string; color: string }>
    working: Json<number>
  }
  const [extras] = rowsOf<Extras>(
    await db.execute(sql`select
    (select json_agg(json_build_object('userId', tm.user_id, 'id', t.id, 'name', t.name) order by t.name, t.id)
      from team_members tm join teams t on t.id = tm.team_id where tm.user_id in (${idList})) as teams,
    (select json_agg(json_build_object('userId', mu.user_id, 'id', m.id, 'name', m.name, 'color', m.color)
        order by m.name, m.id)
      from mission_users mu join missions m on m.id = mu.mission_id where mu.user_id in (${idList})) as missions,
    (select json_agg(distinct s.user_id) from sessions s
      where s.user_id in (${idList}) and s.last_seen_at > ${since}) as working`),
  )
  const teamRows = parsed(extras?.teams)
  const missionRows = parsed(extras?.missions)
  const workingRows = parsed(extras?.working).map((userId) => ({ userId }))
  const working = new Set(workingRows.map((row) => row.userId))
  return rows.map((row) => {
    const userTeams = teamRows.filter((team) => team.userId === row.id).map(({ id, name }) => ({ id, name }))
    return {
      ...toUser(
        row,
        userTeams.map((team) => team.id),
      ),
      version: row.version,
      teams: userTeams,
      missions: missionRows
        .filter((mission) => mission.userId === row.id)
        .map(({ id, name, color }) => ({ id, name, color })),
      workingNow: row.status === 'ACTIVE' && working.has(row.id),
      createdAt: row.createdAt.toISOString(),
      passwordChosen: row.passwordChosenAt !== null,
    }
  })
}

/** One user as the reader may see them; 404 when missing or outside a manager's teams. */
export async function getAdminUser(db: Tx, reader: UserReader, id: number): Promise<AdminUser> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), readableUsers(reader)))
  if (!row) throw errors.notFound(messages.userNotFound)
  const [user] = await toAdminUsers(db, [row])
  return user!
}
