// Gamification reads (issue #14, docs/domain.md "Gamification"): GET /api/gamification/{userId} (a
// teleoperator their own, a manager their teams' members, an administrator everyone: the team rule
// of server/domain/access/live-access.ts; anyone else answers as a user that does not exist) and
// GET /api/user/me/day ("Ma journée", call-capable users).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  gamificationParamsSchema,
  gamificationSchema,
  myDaySchema,
} from '../../../src/contracts/gamification.ts'
import { gamificationOf, myDayOf } from '../../domain/gamification/reads.ts'
import { assertReadableUser } from '../../domain/access/live-access.ts'
import teamGamificationRoutes from './team.ts'

export default async function gamificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/gamification/:userId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['gamification'],
        params: gamificationParamsSchema,
        response: { 200: gamificationSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const { userId } = request.params
      await assertReadableUser(db, user, userId)
      return gamificationOf(db, userId)
    },
  )

  app.get(
    '/api/user/me/day',
    {
      // Spec §6: the call-capable roles.
      config: { access: ['TELEOPERATOR', 'MANAGER'] },
      schema: { tags: ['gamification'], response: { 200: myDaySchema, ...commonErrors } },
    },
    async (request) => myDayOf(db, request.auth.user!),
  )

  // The choices of managers and administrators, and the team view (./team.ts).
  await app.register(teamGamificationRoutes)
}
