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
import { commonErrors, errorBodySchema, okSchema } from '../../../src/contracts/common.ts'
import {
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionChangeBodySchema,
  pushUnsubscribeBodySchema,
} from '../../../src/contracts/push.ts'
import {
  assertPushService,
  changeSubscription,
  removeSubscription,
  saveSubscription,
} from '../../domain/push/subscriptions.ts'

export default async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

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
      assertPushService(app.push.acceptsEndpoint(request.body.endpoint))
      const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null
      await saveSubscription(db, request.auth.user!.id, request.body, userAgent)
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
      await removeSubscription(db, request.auth.user!.id, request.body.endpoint)
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
      const { oldEndpoint, subscription } = request.body
      await changeSubscription(db, request.ip, oldEndpoint, subscription, (endpoint) =>
        app.push.acceptsEndpoint(endpoint),
      )
      return { ok: true as const }
    },
  )
}
