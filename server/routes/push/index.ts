// Web push subscriptions (issue #5), for the signed-in user, one row per browser (unique endpoint).
// - GET /api/push/public-key: the VAPID key to subscribe with; public (it is public by nature, and
//   the service worker renews subscriptions with it when nobody may be signed in).
// - POST /api/push/subscription: saves the browser's subscription; a browser already subscribed for
//   another user moves to this one (a shared workstation alerts whoever signed in last).
// - DELETE /api/push/subscription {endpoint}: removes it, only if it is the caller's; the answer is
//   the same either way, so nobody learns whether someone else's endpoint is known.
// - POST /api/push/subscription/change {oldEndpoint, subscription}: the service worker's
//   `pushsubscriptionchange`, without session nor CSRF pair (docs/decisions.md): the old endpoint,
//   known only to the browser and its push service, names the row; unknown → 404, nothing changes.
//   Rate-limited per address like sign-in: only failures count.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, desc, eq, notInArray } from 'drizzle-orm'
import { commonErrors, errorBodySchema, okSchema } from '../../../src/contracts/common.ts'
import {
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionChangeBodySchema,
  pushUnsubscribeBodySchema,
} from '../../../src/contracts/push.ts'
import { pushSubscriptions } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { attempt, forgetHits, type Limit } from '../../lib/rate-limit.ts'
import { replaceSubscription } from '../../push/subscriptions.ts'

/**
 * Unknown old endpoints per address in 15 minutes (successes do not count): a call centre's agents
 * share one address, and a browser renews its subscription rarely.
 */
export const CHANGE_FAILURES_PER_IP = 20
const WINDOW_15_MIN = 15 * 60 * 1000

function changeLimit(ip: string): Limit {
  return { bucket: `push-change:ip:${ip}`, max: CHANGE_FAILURES_PER_IP, windowMs: WINDOW_15_MIN }
}

/** Browsers kept per user: beyond it the oldest subscriptions go (each alert costs one request each). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10

export default async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  function assertPushService(endpoint: string, field = 'endpoint') {
    if (!app.push.acceptsEndpoint(endpoint))
      throw errors.invalid('Ce service de notification n’est pas pris en charge.', {
        [field]: 'Service de notification inconnu.',
      })
  }

  app.get(
    '/api/push/public-key',
    {
      config: { access: 'public' },
      schema: { tags: ['push'], response: { 200: pushPublicKeySchema } },
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
      assertPushService(endpoint)
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

  app.post(
    '/api/push/subscription/change',
    {
      // Called by the service worker, which has no session to rely on (it may have lapsed) and
      // cannot read the XSRF cookie; it sends no cookie at all. The old endpoint authorises.
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['push'],
        body: pushSubscriptionChangeBodySchema,
        response: { 200: okSchema, 429: errorBodySchema, ...commonErrors },
      },
    },
    async (request) => {
      const { limited, ids } = await attempt(db, [changeLimit(addressBucketOf(request.ip))])
      if (limited) throw errors.tooManyAttempts()
      const { oldEndpoint, subscription } = request.body
      const endpoint = subscription.endpoint
      assertPushService(endpoint, 'subscription.endpoint')
      const replaced = await replaceSubscription(db, oldEndpoint, { endpoint, ...subscription.keys })
      if (!replaced)
        throw errors.notFound('Abonnement aux alertes inconnu : réactivez les alertes depuis l’application.')
      await forgetHits(db, ids)
      return { ok: true as const }
    },
  )
}
