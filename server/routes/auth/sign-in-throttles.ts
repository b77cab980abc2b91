// Administrators see which accounts the sign-in limits are slowing down, and may lift them
// (docs/domain.md "Sign-in limits").
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { commonErrors, idParamSchema, okSchema } from '../../../src/contracts/common.ts'
import { signInThrottleSchema } from '../../../src/contracts/sign-in-throttle.ts'
import { users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { clearSignInThrottle, listSignInThrottles } from '../../domain/access/sign-in-throttle.ts'
import { messages } from '../../lib/messages.ts'

export default async function signInThrottleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/auth/sign-in-throttles',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['auth'],
        response: { 200: z.array(signInThrottleSchema), ...commonErrors },
      },
    },
    async () => listSignInThrottles(db),
  )

  app.delete(
    '/api/auth/sign-in-throttles/:id',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['auth'],
        params: idParamSchema,
        response: { 200: okSchema, ...commonErrors },
      },
    },
    async (request) => {
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, request.params.id))
      if (!user) throw errors.notFound(messages.userNotFound)
      await clearSignInThrottle(db, user.email)
      request.log.info({ userId: request.params.id, by: request.auth.user?.id }, 'sign-in throttle lifted')
      return { ok: true as const }
    },
  )
}
