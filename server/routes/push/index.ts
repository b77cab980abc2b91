// Web push subscriptions (issue #5), for the signed-in user, one row per browser (unique endpoint).
// - GET /api/push/public-key: the VAPID key to subscribe with.
// - POST /api/push/subscription: saves the browser's subscription; a browser already subscribed for
//   another user moves to this one (a shared workstation alerts whoever signed in last).
// - DELETE /api/push/subscription {endpoint}: removes it, only if it is the caller's; the answer is
//   the same either way, so nobody learns whether someone else's endpoint is known.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, desc, eq, notInArray } from 'drizzle-orm'
import { commonErrors, okSchema } from '../../../src/contracts/common.ts'
import {
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from '../../../src/contracts/push.ts'
import { pushSubscriptions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'

/** Browsers kept per user: beyond it the oldest subscriptions go (each alert costs one request each). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10

export default async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/push/public-key',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['push'], response: { 200: pushPublicKeySchema, ...commonErrors } },
    },
    async () => ({ publicKey: app.push.publicKey }),
  )

  app.post(
    '/api/push/subscription',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        body: pushSubscriptionBodySchema,
        response: { 200: okSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const { endpoint, keys } = request.body
      if (!app.push.acceptsEndpoint(endpoint))
        throw errors.invalid('Ce service de notification n’est pas pris en charge.', {
          endpoint: 'Service de notification inconnu.',
        })
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null
      const values = { userId: user.id, p256dh: keys.p256dh, auth: keys.auth, userAgent }
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({ endpoint, ...values })
          // created_at restarts: the subscription is this user's from now on (and the newest kept).
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...values, createdAt: new Date() },
          })
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, user.id))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(MAX_SUBSCRIPTIONS_PER_USER)
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, user.id), notInArray(pushSubscriptions.id, kept)))
      })
      return { ok: true as const }
    },
  )

  app.delete(
    '/api/push/subscription',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['push'],
        body: pushUnsubscribeBodySchema,
        response: { 200: okSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.userId, user.id)),
        )
      return { ok: true as const }
    },
  )
}
