// Telephony webhooks (issue #4 "Telephony"). Aircall signs nothing: the body's `token` is the only
// proof of origin, compared in constant time with AIRCALL_WEBHOOK_TOKEN. No session and no CSRF
// pair (the token authenticates); the answer is 200 at once and processing follows in the
// telephony queue, because Aircall disables a webhook that answers slowly (5 s timeout) or fails.
// A delivery with a wrong token keeps only its metadata (event, size, address, time) and is throttled
// per address (issue #17): nobody fills the table from one address. (Guessing the token is no
// concern: it is long and random, and compared in constant time.) Issue #15: the token of a webhook
// created from the status page is accepted too; only its SHA-256 is stored (server/domain/webhooks/repair.ts).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { aircallWebhookBodySchema } from '../../../src/contracts/call.ts'
import { errorBodySchema, okSchema } from '../../../src/contracts/common.ts'
import { HttpError, errors } from '../../lib/http-error.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { isLimited, recordHit, type Limit } from '../../lib/rate-limit.ts'
import { isStoredWebhookToken } from '../../domain/webhooks/repair.ts'
import { recordRejected } from '../../domain/webhooks/rejected.ts'

/** Wrong-token deliveries one address may make before being answered 429 without a record. */
export const REJECTED_WEBHOOKS_PER_ADDRESS = 20
const REJECTED_WINDOW_MS = 15 * 60 * 1000

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
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body
      const { db } = app.database
      const accepted =
        sameSecret(body.token, app.config.aircall.webhookToken) ||
        (await isStoredWebhookToken(db, body.token))
      if (!accepted) {
        const limit: Limit = {
          bucket: `webhook:rejected:${addressBucketOf(request.ip)}`,
          max: REJECTED_WEBHOOKS_PER_ADDRESS,
          windowMs: REJECTED_WINDOW_MS,
        }
        if (await isLimited(db, [limit])) throw errors.tooManyAttempts()
        await recordHit(db, [limit])
        const declared = Number(request.headers['content-length'])
        const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(body))
        await recordRejected(db, 'aircall', { event: body.event, size, address: request.ip })
        throw new HttpError(401, 'INVALID_WEBHOOK_TOKEN', 'Jeton de webhook invalide.')
      }
      app.telephony.receive('aircall', body)
      return { ok: true as const }
    },
  )
}
