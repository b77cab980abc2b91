// `/activity/gamification` for managers and administrators (issue #14, docs/domain.md
// "Gamification"): GET /api/gamification/scope (the agents and teams the reader may choose) and
// GET /api/gamification/team/{teamId} (a team's members and their progress: a manager the teams they
// manage, an administrator any; 403 otherwise, teleoperators included).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  gamificationScopeSchema,
  teamGamificationParamsSchema,
  teamGamificationSchema,
} from '../../../src/contracts/gamification-team.ts'
import { gamificationScopeOf, teamGamificationOf } from '../../domain/gamification/team-reads.ts'

const SUPERVISORS = ['ADMIN', 'MANAGER'] as const

export default async function teamGamificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/gamification/scope',
    {
      config: { access: SUPERVISORS },
      schema: { tags: ['gamification'], response: { 200: gamificationScopeSchema, ...commonErrors } },
    },
    async (request) => gamificationScopeOf(db, request.auth.user!),
  )

  app.get(
    '/api/gamification/team/:teamId',
    {
      config: { access: SUPERVISORS },
      schema: {
        tags: ['gamification'],
        params: teamGamificationParamsSchema,
        response: { 200: teamGamificationSchema, ...commonErrors },
      },
    },
    async (request) => teamGamificationOf(db, request.auth.user!, request.params.teamId),
  )
}
