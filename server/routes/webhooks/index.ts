// Telephony webhooks (issue #4 "Telephony"; notes §5, pitfalls 8 and 9). Aircall signs nothing: the
// body's `token` is the only proof of origin, compared in constant time with AIRCALL_WEBHOOK_TOKEN.
// No session and no CSRF pair (the token authenticates); the answer is 200 at once and processing
// follows in the telephony queue, because Aircall disables a webhook that answers slowly or fails.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { aircallWebhookBodySchema } from '../../../src/contracts/call.ts'
import { errorBodySchema, okSchema } from '../../../src/contracts/common.ts'
import { HttpError } from '../../lib/http-error.ts'
import { recordRejected } from '../../telephony/webhook-processing.ts'

function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/webhooks/aircall',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['telephony'],
        body: aircallWebhookBodySchema,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body
      if (!sameSecret(body.token, app.config.aircall.webhookToken)) {
        await recordRejected(app.database.db, 'aircall', body)
        throw new HttpError(401, 'INVALID_WEBHOOK_TOKEN', 'Jeton de webhook invalide.')
      }
      app.telephony.receive('aircall', body)
      return { ok: true as const }
    },
  )
}
