// Who has a lead sheet open (docs/domain.md "Leads", Viewing): `users.viewing_lead_id`, counted only
// while the user is active and holds a live session (not expired, used within the idle timeout), so
// a browser closed without signing out stops counting when its session lapses.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { UserRef } from '../../../src/contracts/lead.ts'
import type { Db } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'

/** The configuration's default idle timeout (SESSION_IDLE_MINUTES), for callers without the config. */
export const DEFAULT_SESSION_IDLE_MS = 240 * 60_000

export type LivenessOptions = { now?: Date; sessionIdleMs?: number }

function liveSessionOf(userId: SQL | typeof users.id, { now = new Date(), sessionIdleMs }: LivenessOptions) {
  const idleSince = new Date(now.getTime() - (sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS))
  return sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${userId}
    and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz
    and ${sessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz)`
}

/** The users viewing the lead, by name; the client leaves the reader out. */
export async function leadViewers(db: Db, leadId: number, options: LivenessOptions = {}): Promise<UserRef[]> {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.viewingLeadId, leadId), eq(users.status, 'ACTIVE'), liveSessionOf(users.id, options)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
}

/** Whether the user still has a live session (another browser, after signing out of one). */
export async function hasLiveSession(
  db: Db,
  userId: number,
  options: LivenessOptions = {},
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), liveSessionOf(users.id, options)))
  return row !== undefined
}
