// The connected user (GET /api/user/me, spec §3) cached per process: it is read on every page and
// by every live reconnection. 'user-changed' on the bus drops a user's entry in every process, and
// 'me-changed' (experience, badges, tentacalls moved) does too.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import { meSchema, type Me } from '../../src/contracts/user.ts'
import { loadMe } from '../domain/users/profiles.ts'
import type { SessionUser } from './session.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    me: {
      get: (user: SessionUser) => Promise<Me>
      /** GET /api/user/me's answer: `get`'s, encoded by meSchema and serialised once per entry. */
      json: (user: SessionUser) => Promise<string>
    }
  }
}

async function meCachePlugin(app: FastifyInstance) {
  // `json` is filled on the first GET /api/user/me of an entry: the route then answers a string,
  // with no schema encoding or serialising per request (issue #27).
  const cache = new LRUCache<number, { me: Me; json?: string }>({ max: 20_000, ttl: 30_000 })
  let generation = 0
  const drop = (userId?: number) => {
    generation += 1
    if (userId === undefined) cache.clear()
    else cache.delete(userId)
  }
  app.bus.subscribe('user-changed', ({ userId }) => drop(userId))
  // Issue #14: what an event earned (server/domain/gamification/announce.ts), read fresh by loadMe.
  app.bus.subscribe('me-changed', ({ userId }) => drop(userId))
  app.bus.subscribe('reset', () => drop())

  async function entryOf(user: SessionUser): Promise<{ me: Me; json?: string }> {
    const cached = cache.get(user.id)
    // The role may differ per session (dev role switch): only a same-role entry answers.
    if (cached && cached.me.role === user.role) return cached
    const before = generation
    const entry = { me: await loadMe(app.database.db, user) }
    if (generation === before) cache.set(user.id, entry)
    return entry
  }

  async function json(user: SessionUser): Promise<string> {
    const entry = await entryOf(user)
    // What the route's serializer would send (fastify-type-provider-zod: encode, then stringify).
    entry.json ??= JSON.stringify(meSchema.encode(entry.me))
    return entry.json
  }

  app.decorate('me', { get: async (user: SessionUser) => (await entryOf(user)).me, json })
}

export default fp(meCachePlugin, { name: 'me-cache', dependencies: ['database', 'bus'] })
