// Telephony webhooks (issue #4 "Telephony"). Aircall signs nothing: the body's `token` is the only
// proof of origin, compared in constant time with AIRCALL_WEBHOOK_TOKEN. No session and no CSRF
// pair (the token authenticates); the answer is 200 at once and processing follows in the
// telephony queue, because Aircall disables a webhook that answers slowly (5 s timeout) or fails.
// A delivery with a wrong token keeps only its metadata (event, size, address, time) and is throttled
// per address (issue #17): nobody fills the table from one address. (Guessing the token is no
// concern: it is long and random, and compared in constant time.) Issue #15: the token of a webhook
// created from the status page is accepted too (server/domain/webhooks/reception.ts).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { aircallWebhookBodySchema } from '../../../src/contracts/call.ts'
import { errorBodySchema, okSchema } from '../../../src/contracts/common.ts'
import { admitDelivery } from '../../domain/webhooks/reception.ts'

export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/webhooks/aircall',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['telephony'],
        body: aircallWebhookBodySchema,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body
      await admitDelivery(app.database.db, app.config.aircall.webhookToken, {
        provider: 'aircall',
        body,
        declaredLength: request.headers['content-length'],
        address: request.ip,
      })
      app.telephony.receive('aircall', body)
      return { ok: true as const }
    },
  )
}
