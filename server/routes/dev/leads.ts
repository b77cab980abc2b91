// Dev endpoint (non-production only: server/routes/dev/index.ts returns early in production): new
// sample leads in a market, named from the demo's lists, with +33 7 numbers made distinct by the
// lead count. Administrators only.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { count, eq } from 'drizzle-orm'
import { commonErrors } from '../../../src/contracts/common.ts'
import { devLeadsBodySchema, devLeadsResponseSchema } from '../../../src/contracts/dev-leads.ts'
import { leads, markets } from '../../db/schema.ts'
import { FIRST_NAMES, LAST_NAMES } from '../../db/seed-data.ts'
import { errors } from '../../lib/http-error.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export default async function devLeadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.post(
    '/api/dev/leads',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['dev'],
        body: devLeadsBodySchema,
        response: { 201: devLeadsResponseSchema, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { marketId, count: wanted } = request.body
      const [market] = await db.select({ id: markets.id }).from(markets).where(eq(markets.id, marketId))
      if (!market) throw errors.notFound('Marché introuvable.')
      const created = await db.transaction(async (tx) => {
        const [existing] = await tx.select({ n: count() }).from(leads)
        const base = existing?.n ?? 0
        const now = Date.now()
        const month = new Date(now).toISOString().slice(0, 7)
        const rows = Array.from({ length: wanted }, (_, index) => {
          const n = base + index
          return {
            firstName: FIRST_NAMES[n % FIRST_NAMES.length]!,
            lastName: LAST_NAMES[(n * 7) % LAST_NAMES.length]!,
            phone: `+337${String(n).padStart(8, '0')}`,
            marketId,
            integrationMonth: `${month}-01`,
            // Oldest first in the hand-out: one minute apart, a day ago.
            meetRequestDate: new Date(now - DAY_MS + index * 60_000),
          }
        })
        return tx.insert(leads).values(rows).returning({ id: leads.id })
      })
      return reply.status(201).send({ created: created.length, leadIds: created.map((row) => row.id) })
    },
  )
}
