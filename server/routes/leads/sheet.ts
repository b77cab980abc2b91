// The lead sheet's reads and comment (spec §7 "Leads"): GET /api/lead/{id}, GET /api/lead?id=,
// GET /api/lead/{id}/history, PUT /api/lead/{leadId}/comment.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  leadCommentBodySchema,
  leadEventSchema,
  leadIdParamSchema,
  leadParamsSchema,
  leadQuerySchema,
  leadSchema,
} from '../../../src/contracts/lead.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { loadLead } from '../../domain/leads/view.ts'
import { loadLeadHistory } from '../../domain/leads/history.ts'
import { commentLead } from '../../domain/leads/comment.ts'

export default async function leadSheetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const leadResponse = { 200: leadSchema, ...commonErrors }
  const liveness = { sessionIdleMs: app.config.sessionIdleMs }

  // A lead the reader may not see answers like an unknown one (server/domain/leads/access.ts).
  function readable(request: FastifyRequest, ref: string | number) {
    return findVisibleLead(db, request.auth.user!, ref)
  }

  app.get(
    '/api/lead/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], params: leadParamsSchema, response: leadResponse },
    },
    async (request) => {
      const row = await readable(request, request.params.id)
      return loadLead(db, row.lead.id, { ...liveness, readerId: request.auth.user!.id })
    },
  )

  app.get(
    '/api/lead',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], querystring: leadQuerySchema, response: leadResponse },
    },
    async (request) => {
      const row = await readable(request, request.query.id)
      return loadLead(db, row.lead.id, { ...liveness, readerId: request.auth.user!.id })
    },
  )

  app.get(
    '/api/lead/:id/history',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: leadParamsSchema,
        response: { 200: z.array(leadEventSchema), ...commonErrors },
      },
    },
    async (request) => {
      const row = await readable(request, request.params.id)
      return loadLeadHistory(db, row.lead.id)
    },
  )

  app.put(
    '/api/lead/:leadId/comment',
    {
      // Queued offline and replayed with an Idempotency-Key (issue #5).
      config: { access: 'authenticated', idempotent: true },
      schema: {
        tags: ['leads'],
        params: leadIdParamSchema,
        body: leadCommentBodySchema,
        response: leadResponse,
      },
    },
    async (request) => {
      const user = request.auth.user!
      const leadId = await commentLead(app, user, request.params.leadId, request.body.comment)
      return loadLead(db, leadId, { ...liveness, readerId: user.id })
    },
  )
}
