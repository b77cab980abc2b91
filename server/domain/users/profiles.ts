// Users (spec §3): the public User and the connected user (Me), the lists managers read, and the
// preferences each user sets for themselves.
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_KEYS,
  type Me,
  type PreferenceKey,
  type User,
} from '../../../src/contracts/user.ts'
import { isCallCapable, needsAircallLink } from '../../../src/contracts/roles.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { sessions, teamMembers, userPreferences, users } from '../../db/schema.ts'
import {
  fromJson,
  GAMIFICATION_COLUMNS,
  meGamificationFrom,
  type GamificationColumns,
} from '../gamification/me-fields.ts'

type UserRow = typeof users.$inferSelect

export function avatarUrl(user: Pick<UserRow, 'id' | 'avatarVersion'>): string | null {
  return user.avatarVersion ? `/api/user/${user.id}/avatar?v=${user.avatarVersion}` : null
}

export async function teamIdsByUser(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>()
  if (userIds.length === 0) return result
  const rows = await db.select().from(teamMembers).where(inArray(teamMembers.userId, userIds))
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.teamId])
  return result
}

export function toUser(row: UserRow, teamIds: number[]): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    status: row.status,
    aircallId: row.aircallId,
    avatar: avatarUrl(row),
    teamIds: teamIds.toSorted((a, b) => a - b),
  }
}

export async function loadUsers(db: Db, rows: UserRow[]): Promise<User[]> {
  const teams = await teamIdsByUser(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => toUser(row, teams.get(row.id) ?? []))
}

export async function loadPreferences(db: Db, userId: number): Promise<Record<PreferenceKey, boolean>> {
  const rows = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId))
  const preferences = { ...DEFAULT_PREFERENCES }
  for (const row of rows) {
    if ((PREFERENCE_KEYS as readonly string[]).includes(row.key))
      preferences[row.key as PreferenceKey] = row.value
  }
  return preferences
}

type MeRow = GamificationColumns & {
  teams: number[] | string | null
  preferences: [string, boolean][] | string | null
}

/**
 * The connected user. `row` already carries the session's effective role (dev role switch). One
 * statement reads the rest (teams, preferences, the gamification fields): GET /api/user/me is read on
 * every page and live reconnection, and its cache is dropped at each award.
 */
export async function loadMe(db: Db, row: UserRow): Promise<Me> {
  const [fields] = rowsOf<MeRow>(
    await db.execute(sql`select
      (select json_agg(m.team_id) from team_members m where m.user_id = u.id) as teams,
      (select json_agg(json_build_array(p.key, p.value)) from user_preferences p where p.user_id = u.id)
        as preferences,
      ${GAMIFICATION_COLUMNS}
      from users u where u.id = ${row.id}`),
  )
  const preferences = { ...DEFAULT_PREFERENCES }
  for (const [key, value] of fromJson(fields?.preferences ?? null) ?? [])
    if ((PREFERENCE_KEYS as readonly string[]).includes(key)) preferences[key as PreferenceKey] = value
  return {
    ...toUser(row, fromJson(fields?.teams ?? null) ?? []),
    ...meGamificationFrom(fields),
    viewingLeadId: row.viewingLeadId,
    processingLeadId: row.processingLeadId,
    callingLeadId: row.callingLeadId,
    preferences,
    // Calls arrive with the lead-processing issue; no call can exist before it.
    call: null,
    isCallCapable: isCallCapable(row),
    needsAircallLink: needsAircallLink(row),
  }
}

/** A user counts as working when one of their sessions was active in the last 15 minutes. */
export const WORKING_WINDOW_MS = 15 * 60 * 1000

/** Active users with a session used within the working window, by last name (French collation). */
export async function workingUsers(db: Db, scope?: SQL, now = Date.now()): Promise<User[]> {
  const since = new Date(now - WORKING_WINDOW_MS)
  const rows = await db
    .selectDistinct({ user: users })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(and(eq(users.status, 'ACTIVE'), gt(sessions.lastSeenAt, since), scope))
  return loadUsers(
    db,
    rows.map((r) => r.user).toSorted((a, b) => a.lastName.localeCompare(b.lastName, 'fr')),
  )
}

/**
 * Every user, or the active ones only, by last name then first name; `scope` narrows them to what the
 * reader may see (server/domain/users/reads.ts).
 */
export async function listUsers(
  db: Db,
  { activeOnly = false, scope }: { activeOnly?: boolean; scope?: SQL } = {},
): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(activeOnly ? eq(users.status, 'ACTIVE') : undefined, scope))
    .orderBy(asc(users.lastName), asc(users.firstName))
  return loadUsers(db, rows)
}

/** Records one of the user's preferences (replayed offline with an Idempotency-Key: an upsert). */
export async function setPreference(db: Db, userId: number, key: PreferenceKey, value: boolean) {
  await db
    .insert(userPreferences)
    .values({ userId, key, value })
    .onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.key], set: { value } })
}
