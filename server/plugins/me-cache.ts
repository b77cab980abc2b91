// The connected user (GET /api/user/me, spec §3) cached per process: it is read on every page and
// by every live reconnection. 'user-changed' on the bus drops a user's entry in every process, and
// 'me-changed' (experience, badges, tentacalls moved) does too.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { LRUCache } from 'lru-cache'
import type { Me } from '../../src/contracts/user.ts'
import { loadMe } from '../domain/users.ts'
import type { SessionUser } from './session.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    me: { get: (user: SessionUser) => Promise<Me> }
  }
}

async function meCachePlugin(app: FastifyInstance) {
  const cache = new LRUCache<number, Me>({ max: 20_000, ttl: 30_000 })
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

  async function get(user: SessionUser): Promise<Me> {
    const cached = cache.get(user.id)
    // The role may differ per session (dev role switch): only a same-role entry answers.
    if (cached && cached.role === user.role) return cached
    const before = generation
    const me = await loadMe(app.database.db, user)
    if (generation === before) cache.set(user.id, me)
    return me
  }

  app.decorate('me', { get })
}

export default fp(meCachePlugin, { name: 'me-cache', dependencies: ['database', 'bus'] })
