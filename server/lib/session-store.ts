// The session store: rows of the `sessions` table (the id is stored hashed, so a leaked table grants
// nothing), read through the per-process cache, with the idle timeout and absolute lifetime from
// config. Knows nothing of requests or cookies: request-session.ts binds it to those.
import { createHash, randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Role } from '../../src/contracts/roles.ts'
import type { AppConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import type { Bus } from '../live/bus-topics.ts'
import { endSessions, idleInterval, lapsedAt, recordSignIn, type SignOutReason } from './activity-events.ts'
import { pruneHits } from './rate-limit.ts'
import { createSessionCache, type CachedSession, type SessionUser } from './session-cache.ts'

/** last_seen_at is written at most this often per session (a write per request would dominate). */
const LAST_SEEN_RESOLUTION_MS = 60_000

/** A session still in force: its user (dev role override applied) and when it lapses if unused. */
export type LiveSession = { user: SessionUser; idHash: string; lapsesAt: number }

type Limits = Pick<AppConfig, 'sessionIdleMs' | 'sessionMaxMs'>

export const hashId = (id: string) => createHash('sha256').update(id).digest('base64url')

export function isLive({ session, user }: CachedSession, now: number, idleMs: number): boolean {
  return (
    user.status === 'ACTIVE' &&
    session.expiresAt.getTime() > now &&
    session.lastSeenAt.getTime() + idleMs > now
  )
}

/** The dev tools' role switch (a session's role override) applies to this session only. */
export function effectiveUser({ session, user }: CachedSession): SessionUser {
  return session.roleOverride ? { ...user, role: session.roleOverride } : user
}

export type SessionStore = ReturnType<typeof createSessionStore>

export function createSessionStore({ db, bus, config }: { db: Db; bus: Bus; config: Limits }) {
  const cache = createSessionCache()
  bus.subscribe('user-changed', ({ userId }) => cache.dropUser(userId))
  bus.subscribe('session-changed', ({ idHash }) => cache.dropSession(idHash))
  bus.subscribe('reset', () => cache.dropAll())

  async function load(sessionId: string): Promise<CachedSession | undefined> {
    const startedAt = cache.loadStarted()
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, hashId(sessionId)))
    if (row) cache.rememberLoaded(startedAt, sessionId, row)
    return row
  }

  // A cached entry that looks dead is confirmed from the database: another process may have
  // seen the session more recently.
  async function find(sessionId: string, now: number): Promise<CachedSession | undefined> {
    const cached = cache.get(sessionId)
    return cached && isLive(cached, now, config.sessionIdleMs) ? cached : await load(sessionId)
  }

  /** The session behind a raw id, or null when it ended: for long-lived connections (live sockets). */
  async function lookup(sessionId: string): Promise<LiveSession | null> {
    const now = Date.now()
    const entry = await find(sessionId, now)
    if (!entry || !isLive(entry, now, config.sessionIdleMs)) return null
    const { session } = entry
    const lapsesAt = Math.min(
      session.expiresAt.getTime(),
      session.lastSeenAt.getTime() + config.sessionIdleMs,
    )
    return { user: effectiveUser(entry), idHash: session.idHash, lapsesAt }
  }

  /**
   * The session a request presents when this process's cache answers alone: cached, in force, and
   * used within the last-seen resolution (nothing to write). Undefined otherwise: ask `current`.
   * Most requests end here, with no promise (issue #27: the signed-in request's fixed cost).
   */
  function currentCached(sessionId: string, now: number): CachedSession | undefined {
    const cached = cache.get(sessionId)
    if (!cached || !isLive(cached, now, config.sessionIdleMs)) return undefined
    return now - cached.session.lastSeenAt.getTime() <= LAST_SEEN_RESOLUTION_MS ? cached : undefined
  }

  /** The session a request presents, or null once it lapsed (its row is then deleted at once). */
  async function current(sessionId: string, now: number): Promise<CachedSession | null> {
    const entry = await find(sessionId, now)
    if (entry && isLive(entry, now, config.sessionIdleMs)) return entry
    // Recorded as a sign-out at the moment it lapsed, for the timeline (issue #14).
    if (entry)
      await endSessions(
        db,
        eq(sessions.idHash, entry.session.idHash),
        'expired',
        lapsedAt(config.sessionIdleMs),
      )
    cache.delete(sessionId)
    return null
  }

  /** Records that the session was used now (the idle timeout counts from here). */
  async function touch(sessionId: string, entry: CachedSession, now: number) {
    const { session, user } = entry
    if (now - session.lastSeenAt.getTime() <= LAST_SEEN_RESOLUTION_MS) return
    const lastSeenAt = new Date(now)
    // Only refresh an entry still cached as is: one that raced with an invalidation stays out.
    if (cache.get(sessionId) === entry)
      cache.remember(sessionId, { user, session: { ...session, lastSeenAt } })
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, session.idHash))
  }

  /** A new session with a fresh random id (256 bits); returns the id and the user's row. */
  async function start(values: { userId: number; userAgent: string | null; ip: string; remember: boolean }) {
    const sessionId = randomBytes(32).toString('base64url')
    await db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        idHash: hashId(sessionId),
        expiresAt: new Date(Date.now() + config.sessionMaxMs),
        ...values,
      })
      await recordSignIn(tx, values.userId)
    })
    const [user] = await db.select().from(users).where(eq(users.id, values.userId))
    return { sessionId, user: user ?? null }
  }

  /** Ends a session; with a reason, the timeline records the sign-out (a rotation by the same user has none). */
  async function end(sessionId: string, reason: SignOutReason | null = 'logout') {
    const idHash = hashId(sessionId)
    if (reason === null) await db.delete(sessions).where(eq(sessions.idHash, idHash))
    else await endSessions(db, eq(sessions.idHash, idHash), reason)
    await bus.publish('session-changed', { idHash })
  }

  async function endAllForUser(userId: number) {
    await endSessions(db, eq(sessions.userId, userId), 'ended')
    await bus.publish('user-changed', { userId })
  }

  async function setRoleOverride(sessionId: string, role: Role | null) {
    const idHash = hashId(sessionId)
    await db.update(sessions).set({ roleOverride: role }).where(eq(sessions.idHash, idHash))
    await bus.publish('session-changed', { idHash })
  }

  /**
   * Housekeeping (idempotent): expired sessions and old rate-limit hits. Run by the scheduled job
   * `sessions-housekeeping` (issue #15, server/domain/crons/catalogue.ts), once for all processes.
   */
  async function housekeep(): Promise<void> {
    const idle = config.sessionIdleMs
    await Promise.all([
      endSessions(
        db,
        sql`expires_at < now() or last_seen_at < now() - ${idleInterval(idle)}`,
        'expired',
        lapsedAt(idle),
      ),
      pruneHits(db),
    ])
  }

  return { lookup, currentCached, current, touch, start, end, endAllForUser, setRoleOverride, housekeep }
}
