// GET /api/lead/random/{x} (spec §7 "Leads"): up to x random leads the user may read, for the dev
// softphone and manual testing. Like the dev routes it exists outside production only (404 there).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eq, sql } from 'drizzle-orm'
import { commonErrors } from '../../../src/contracts/common.ts'
import { randomLeadsParamsSchema, randomLeadsResponseSchema } from '../../../src/contracts/lead-changes.ts'
import { leads, markets } from '../../db/schema.ts'
import { visibleLeadsCondition } from '../../domain/leads/access.ts'

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
      const user = request.auth.user!
      // Only the leads the user sees (server/domain/leads/access.ts).
      const readable = visibleLeadsCondition(db, user)
      // order by random() reads every readable lead: fine for demo and test volumes, which is all
      // this helper serves.
      const items = await db
        .select({
          id: leads.id,
          uuid: leads.uuid,
          firstName: leads.firstName,
          lastName: leads.lastName,
          phone: leads.phone,
          status: leads.status,
          missionId: markets.missionId,
        })
        .from(leads)
        .innerJoin(markets, eq(markets.id, leads.marketId))
        .where(readable)
        .orderBy(sql`random()`)
        .limit(request.params.x)
      return { items }
    },
  )
}
