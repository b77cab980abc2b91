// The audit trail of an entity (issue #12 "Audit trail"), newest first, for administrators.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { auditPageSchema, auditParamsSchema, auditQuerySchema } from '../../../src/contracts/audit.ts'
import { commonErrors } from '../../../src/contracts/common.ts'
import { auditHistory } from '../../domain/audit/trail.ts'

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/audit/:entity/:id',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['audit'],
        params: auditParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...commonErrors },
      },
    },
    async (request) => auditHistory(db, request.params.entity, request.params.id, request.query),
  )
}
