// The per-process cache of sessions in front of the `sessions` table. The table stays the truth
// (every process shares it); this cache only saves a query per request, so the bus drops entries
// whenever a user or a session changes anywhere, and a short TTL bounds what a missed signal costs.
import { LRUCache } from 'lru-cache'
import type { sessions, users } from '../db/schema.ts'

export type SessionUser = typeof users.$inferSelect
export type CachedSession = { session: typeof sessions.$inferSelect; user: SessionUser }

const CACHE_TTL_MS = 30_000

export type SessionCache = ReturnType<typeof createSessionCache>

export function createSessionCache() {
  // Keyed by the session id itself (held in memory only), so a hit needs no hashing. Indexed by
  // user and by id hash, so that an invalidation (one per find, tag, call change…) touches only the
  // sessions it concerns instead of scanning every cached session.
  const byUser = new Map<number, Set<string>>()
  const byIdHash = new Map<string, string>()
  const cache = new LRUCache<string, CachedSession>({
    max: 20_000,
    ttl: CACHE_TTL_MS,
    dispose: (entry, sessionId) => {
      const ofUser = byUser.get(entry.user.id)
      ofUser?.delete(sessionId)
      if (ofUser?.size === 0) byUser.delete(entry.user.id)
      if (byIdHash.get(entry.session.idHash) === sessionId) byIdHash.delete(entry.session.idHash)
    },
  })
  function remember(sessionId: string, entry: CachedSession) {
    cache.set(sessionId, entry)
    let ofUser = byUser.get(entry.user.id)
    if (!ofUser) byUser.set(entry.user.id, (ofUser = new Set()))
    ofUser.add(sessionId)
    byIdHash.set(entry.session.idHash, sessionId)
  }

  // A load that raced with an invalidation of its user (or of everything) is not cached: it may be
  // stale. Invalidations are numbered; a load remembers the number it started at.
  let sequence = 0
  let everythingAt = 0
  const userAt = new Map<number, number>()

  return {
    get: (sessionId: string) => cache.get(sessionId),
    delete: (sessionId: string) => void cache.delete(sessionId),
    remember,
    /** The mark a load takes before it queries; give it back to rememberLoaded. */
    loadStarted: () => sequence,
    rememberLoaded(startedAt: number, sessionId: string, entry: CachedSession) {
      if (everythingAt <= startedAt && (userAt.get(entry.user.id) ?? 0) <= startedAt)
        remember(sessionId, entry)
    },
    /** `user-changed`: the user's row, teams or sessions changed. */
    dropUser(userId: number) {
      userAt.set(userId, ++sequence)
      for (const sessionId of [...(byUser.get(userId) ?? [])]) cache.delete(sessionId)
    },
    /** `session-changed`: only the id hash travels on the bus, never the id itself. */
    dropSession(idHash: string) {
      everythingAt = ++sequence
      const sessionId = byIdHash.get(idHash)
      if (sessionId !== undefined) cache.delete(sessionId)
    },
    /** `reset`: signals may have been missed. */
    dropAll() {
      everythingAt = ++sequence
      cache.clear()
    },
  }
}
