// Lead-change signals (issue #4 "Screens move by themselves"): every change of a lead reaches the
// user processing it and the users viewing it, on `user:{id}:lead:update`.
import type { FastifyInstance } from 'fastify'
import { eq, or } from 'drizzle-orm'
import { channels } from '../../../src/contracts/live.ts'
import { leads, users } from '../../db/schema.ts'

export async function publishLeadUpdate(
  app: FastifyInstance,
  lead: { id: number; uuid: string },
  reason: string,
  alsoUserIds: readonly number[] = [],
) {
  const rows = await app.database.db
    .select({ id: users.id })
    .from(users)
    .leftJoin(leads, eq(leads.id, lead.id))
    .where(or(eq(users.viewingLeadId, lead.id), eq(users.id, leads.processingUserId)))
  const ids = new Set([...rows.map((r) => r.id), ...alsoUserIds])
  await Promise.all(
    [...ids].map((userId) =>
      app.live.publish(channels.leadUpdate(userId), { leadId: lead.id, uuid: lead.uuid, reason }),
    ),
  )
}

/** The user's processing/viewing lead changed: caches of `me` must drop (server/plugins/bus.ts). */
export async function userChanged(app: FastifyInstance, userId: number) {
  await app.bus.publish('user-changed', { userId })
}
