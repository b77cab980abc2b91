// Markets (issue #12 "Markets", docs/domain.md "Missions and markets"): administrators change them;
// managers read them with the missions; teleoperators get 403.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema, versionBodySchema } from '../../../src/contracts/concurrency.ts'
import { createMarketBodySchema, updateMarketBodySchema } from '../../../src/contracts/market-form.ts'
import {
  marketDeletedSchema,
  marketListQuerySchema,
  marketPageSchema,
  marketSchema,
} from '../../../src/contracts/markets.ts'
import { createMarket, deleteMarket, updateMarket } from '../../domain/markets/changes.ts'
import { getMarket, listMarkets } from '../../domain/missions/reads.ts'
import { publishReferenceDataChanged } from '../../lib/reference-data.ts'

const READERS = ['ADMIN', 'MANAGER'] as const
const WRITERS = ['ADMIN'] as const

export default async function marketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const conflict = conflictBodySchema(marketSchema)
  const changed = (id: number) => publishReferenceDataChanged(app, { kind: 'market', id })

  app.get(
    '/api/markets',
    {
      config: { access: READERS },
      schema: {
        tags: ['markets'],
        querystring: marketListQuerySchema,
        response: { 200: marketPageSchema, ...commonErrors },
      },
    },
    async (request) => listMarkets(db, request.query),
  )

  app.post(
    '/api/markets',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['markets'],
        body: createMarketBodySchema,
        response: { 201: marketSchema, 409: conflict, ...commonErrors },
      },
    },
    async (request, reply) => {
      const market = await createMarket(db, request.auth.user!.id, request.body)
      await changed(market.id)
      return reply.status(201).send(market)
    },
  )

  app.get(
    '/api/market/:id',
    {
      config: { access: READERS },
      schema: { tags: ['markets'], params: idParamSchema, response: { 200: marketSchema, ...commonErrors } },
    },
    async (request) => getMarket(db, request.params.id),
  )

  app.put(
    '/api/market/:id',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['markets'],
        params: idParamSchema,
        body: updateMarketBodySchema,
        response: { 200: marketSchema, 409: conflict, ...commonErrors },
      },
    },
    async (request) => {
      const market = await updateMarket(db, request.auth.user!.id, request.params.id, request.body)
      await changed(market.id)
      return market
    },
  )

  app.delete(
    '/api/market/:id',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['markets'],
        params: idParamSchema,
        body: versionBodySchema,
        response: { 200: marketDeletedSchema, 409: conflict, ...commonErrors },
      },
    },
    async (request) => {
      const { id } = request.params
      await deleteMarket(db, request.auth.user!.id, id, request.body.version)
      await changed(id)
      return { id, deleted: true as const }
    },
  )
}
