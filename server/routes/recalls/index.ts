// "Mes rappels" (issue #29 point 5): GET /api/recalls/mine, the caller's own recalls
// (server/domain/leads/my-recalls.ts), for the call-capable roles.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { myRecallsSchema } from '../../../src/contracts/my-recalls.ts'
import { myRecallsOf } from '../../domain/leads/my-recalls.ts'

export default async function recallRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/recalls/mine',
    {
      config: { access: ['TELEOPERATOR', 'MANAGER'] },
      schema: { tags: ['leads'], response: { 200: myRecallsSchema, ...commonErrors } },
    },
    async (request) => ({ items: await myRecallsOf(db, request.auth.user!) }),
  )
}
