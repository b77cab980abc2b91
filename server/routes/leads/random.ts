// GET /api/lead/random/{x} (spec §7 "Leads"): up to x random leads the user may read, for the dev
// softphone and manual testing. Like the dev routes it exists outside production only (404 there).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { randomLeadsParamsSchema, randomLeadsResponseSchema } from '../../../src/contracts/lead-changes.ts'
import { randomReadableLeads } from '../../domain/leads/random.ts'

export default async function leadRandomRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  if (app.config.appEnv === 'production') return
  const { db } = app.database

  app.get(
    '/api/lead/random/:x',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dev'],
        params: randomLeadsParamsSchema,
        response: { 200: randomLeadsResponseSchema, ...commonErrors },
      },
    },
    async (request) => {
      const items = await randomReadableLeads(db, request.auth.user!, request.params.x)
      return { items }
    },
  )
}
