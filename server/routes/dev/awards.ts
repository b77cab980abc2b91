// Dev endpoint (issue #5, non-production only: registered by server/routes/dev/index.ts, which
// returns early in production): awards a badge or a tentacall, so alerts can be tested end to end
// before the gamification issue awards them for real. An administrator awards anyone; anyone else
// only themselves (as `POST /api/dev/live/publish`). It answers once the live signals are published;
// pushes leave in the background.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { commonErrors } from '../../../src/contracts/common.ts'
import { devAwardBodySchema, devAwardResponseSchema } from '../../../src/contracts/push.ts'
import { users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { awardBadge, awardTentacall } from '../../domain/gamification/awards.ts'
import { messages } from '../../lib/messages.ts'

export default async function devAwardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.post(
    '/api/dev/awards',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dev'],
        body: devAwardBodySchema,
        response: { 200: devAwardResponseSchema, ...commonErrors },
      },
    },
    async (request) => {
      const { userId, kind, code } = request.body
      const caller = request.auth.user!
      if (caller.role !== 'ADMIN' && userId !== caller.id) throw errors.forbidden()
      const [earner] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
      if (!earner) throw errors.notFound(messages.userNotFound)
      return kind === 'badge' ? awardBadge(app, userId, code) : awardTentacall(app, userId, code)
    },
  )
}
