// Activity for managers (issue #14, docs/domain.md "Activity"): GET /api/activity/overview (today on
// the floor, refetched on the live `activity` signal) and GET /api/activity/stats (per agent over a
// period). Administrators and managers only; a manager reads the teams they manage (403 otherwise).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  activityOverviewQuerySchema,
  activityOverviewSchema,
  activityStatsQuerySchema,
  activityStatsSchema,
} from '../../../src/contracts/activity.ts'
import { commonErrors } from '../../../src/contracts/common.ts'
import { activityOverview } from '../../domain/activity/overview.ts'
import { createQueueCache } from '../../domain/activity/queue-cache.ts'
import { activityStats } from '../../domain/activity/stats.ts'

const READERS = ['ADMIN', 'MANAGER'] as const

export default async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const queues = createQueueCache()
  app.bus.subscribe('reset', () => queues.clear())

  app.get(
    '/api/activity/overview',
    {
      config: { access: READERS },
      schema: {
        tags: ['activity'],
        description: 'Today for the reader’s teams: agents now, today’s figures, each mission’s queue.',
        querystring: activityOverviewQuerySchema,
        response: { 200: activityOverviewSchema, ...commonErrors },
      },
    },
    async (request) => activityOverview(db, request.auth.user!, request.query.teamId, { queues }),
  )

  app.get(
    '/api/activity/stats',
    {
      config: { access: READERS },
      schema: {
        tags: ['activity'],
        description: 'Per agent over a period of Paris days, with the previous period of the same length.',
        querystring: activityStatsQuerySchema,
        response: { 200: activityStatsSchema, ...commonErrors },
      },
    },
    async (request) => activityStats(db, request.auth.user!, request.query),
  )
}
