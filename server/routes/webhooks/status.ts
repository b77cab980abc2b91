// Telephony webhook status (issue #15 "Telephony webhook status", docs/domain.md): administrators
// read the health of the telephony link and the deliveries, and replay one whose processing failed.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, errorBodySchema } from '../../../src/contracts/common.ts'
import {
  webhookDeliveriesQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookRegistrationsSchema,
  webhookReplaySchema,
  webhookStatusSchema,
} from '../../../src/contracts/webhooks.ts'
import { webhookEvents } from '../../db/schema.ts'
import { webhookRegistrations } from '../../domain/webhooks/registrations.ts'
import { deliveryOf, listDeliveries, webhookStatus } from '../../domain/webhooks/status.ts'
import { errors } from '../../lib/http-error.ts'
import { replayDelivery } from '../../telephony/webhook-replay.ts'

const ADMIN = ['ADMIN'] as const

export default async function webhookStatusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/webhooks/status',
    {
      config: { access: ADMIN },
      schema: { tags: ['telephony'], response: { 200: webhookStatusSchema, ...commonErrors } },
    },
    async () => webhookStatus(app.database.db, Boolean(app.config.aircall.webhookToken)),
  )

  app.get(
    '/api/webhooks/deliveries',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['telephony'],
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...commonErrors },
      },
    },
    async (request) => listDeliveries(app.database.db, request.query),
  )

  app.post(
    '/api/webhooks/deliveries/:id/replay',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['telephony'],
        params: webhookDeliveryParamsSchema,
        response: { 200: webhookReplaySchema, 409: errorBodySchema, ...commonErrors },
      },
    },
    async (request) => {
      const { db } = app.database
      const result = await replayDelivery(app.telephony.context, request.params.id)
      if (result === 'missing') throw errors.notFound('Réception introuvable.')
      if (result === 'not-failed')
        throw errors.conflict('Seule une réception dont le traitement a échoué peut être rejouée.')
      const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, request.params.id))
      request.log.info({ deliveryId: request.params.id, result }, 'telephony: delivery replayed')
      return { delivery: deliveryOf(row!) }
    },
  )

  app.get(
    '/api/webhooks/aircall-registrations',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['telephony'],
        response: { 200: webhookRegistrationsSchema, 502: errorBodySchema, ...commonErrors },
      },
    },
    async () => webhookRegistrations(app.telephony.provider, app.config.publicUrl),
  )
}
