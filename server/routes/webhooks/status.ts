// Telephony webhook status (issue #15 "Telephony webhook status", docs/domain.md): administrators
// read the health of the telephony link and the deliveries, and replay one whose processing failed.
import type { FastifyInstance, FastifyRequest } from 'fastify'
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
import { webhookRegistrations } from '../../domain/webhooks/registrations.ts'
import {
  completeProductWebhook,
  createProductWebhook,
  storedTokenCount,
  type RepairContext,
} from '../../domain/webhooks/repair.ts'
import { listDeliveries, webhookStatus } from '../../domain/webhooks/status.ts'
import { replayFailedDelivery } from '../../domain/webhooks/replay.ts'

const ADMIN = ['ADMIN'] as const

export default async function webhookStatusRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/webhooks/status',
    {
      config: { access: ADMIN },
      schema: { tags: ['telephony'], response: { 200: webhookStatusSchema, ...commonErrors } },
    },
    async () => {
      const { db } = app.database
      // Configured: the environment's token, or the token of a webhook created from this page.
      const configured = Boolean(app.config.aircall.webhookToken) || (await storedTokenCount(db)) > 0
      return webhookStatus(db, configured)
    },
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
      const { result, delivery } = await replayFailedDelivery(app.telephony.context, request.params.id)
      request.log.info({ deliveryId: request.params.id, result }, 'telephony: delivery replayed')
      return { delivery }
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

  const repairContext = (request: FastifyRequest): RepairContext => ({
    db: app.database.db,
    provider: app.telephony.provider,
    publicUrl: app.config.publicUrl,
    userId: request.auth.user!.id,
    log: request.log,
  })
  const repairSchema = {
    tags: ['telephony'],
    response: {
      200: webhookRegistrationsSchema,
      409: errorBodySchema,
      502: errorBodySchema,
      ...commonErrors,
    },
  }

  // Issue #15 "Check and repair Aircall's side": create the product's webhook when missing.
  app.post(
    '/api/webhooks/aircall-registrations/create',
    { config: { access: ADMIN }, schema: repairSchema },
    async (request) => {
      const result = await createProductWebhook(repairContext(request))
      request.log.info({ webhookUrl: result.expectedUrl }, 'telephony: Aircall webhook created')
      return result
    },
  )

  // …or add the call events the product's active webhook lacks.
  app.post(
    '/api/webhooks/aircall-registrations/complete',
    { config: { access: ADMIN }, schema: repairSchema },
    async (request) => completeProductWebhook(repairContext(request)),
  )
}
