// The teleoperator timeline (issue #14, spec §7; docs/domain.md "Timeline and follow-up"):
// GET /api/user/{userId}/timeline?day=&search= (the agent themself, a manager the members of the
// teams they manage, an administrator anyone: the rule of server/domain/access/live-access.ts; anyone else
// answers as a user that does not exist) and the agents a reader may choose, GET /api/timeline/agents.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  timelineAgentsSchema,
  timelineParamsSchema,
  timelineQuerySchema,
  timelineSchema,
} from '../../../src/contracts/timeline.ts'
import { assertReadableUser } from '../../domain/access/live-access.ts'
import { timelineAgents } from '../../domain/timeline/agents.ts'
import { timelineOf } from '../../domain/timeline/timeline.ts'

export default async function timelineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/user/:userId/timeline',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['activity'],
        params: timelineParamsSchema,
        querystring: timelineQuerySchema,
        response: { 200: timelineSchema, ...commonErrors },
      },
    },
    async (request) => {
      const reader = request.auth.user!
      const { userId } = request.params
      await assertReadableUser(db, reader, userId)
      return timelineOf(db, reader, userId, request.query, { sessionIdleMs: app.config.sessionIdleMs })
    },
  )

  app.get(
    '/api/timeline/agents',
    {
      // The screen is the managers' and administrators' (route access `activity`).
      config: { access: ['ADMIN', 'MANAGER'] },
      schema: { tags: ['activity'], response: { 200: timelineAgentsSchema, ...commonErrors } },
    },
    async (request) => timelineAgents(db, request.auth.user!),
  )
}
