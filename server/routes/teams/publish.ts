// After a membership or manager change: the users whose team changed get `user-changed`, which drops
// their cached `me` and re-checks the live sockets that follow them (server/live/hub.ts), so a
// manager's rights follow at once (issue #12 "Teams").
import type { FastifyInstance } from 'fastify'

export async function publishUserChanges(app: FastifyInstance, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) await app.bus.publish('user-changed', { userId })
}
