// Read models of users (spec §3): the public User and the connected user (Me).
import { eq, inArray } from 'drizzle-orm'
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_KEYS,
  type Me,
  type PreferenceKey,
  type User,
} from '../../src/contracts/user.ts'
import { isCallCapable, needsAircallLink } from '../../src/contracts/roles.ts'
import type { Db } from '../db/client.ts'
import { teamMembers, userPreferences, users } from '../db/schema.ts'

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

/** The connected user. `row` already carries the session's effective role (dev role switch). */
export async function loadMe(db: Db, row: UserRow): Promise<Me> {
  const [teams, preferences] = await Promise.all([teamIdsByUser(db, [row.id]), loadPreferences(db, row.id)])
  return {
    ...toUser(row, teams.get(row.id) ?? []),
    experiencePoints: row.experiencePoints,
    // Gamification (badges, tentacalls) arrives with its own issue; until then nothing is earned.
    badges: [],
    gamification: { tentacalls: {}, badges: {} },
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
