// Administrators see which accounts the sign-in limits are slowing down, and may lift them
// (docs/domain.md "Sign-in limits").
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, idParamSchema, okSchema } from '../../../src/contracts/common.ts'
import { signInThrottleSchema } from '../../../src/contracts/sign-in-throttle.ts'
import { liftSignInThrottle, listSignInThrottles } from '../../domain/access/sign-in-throttle.ts'

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
      await liftSignInThrottle(db, request.params.id)
      request.log.info({ userId: request.params.id, by: request.auth.user?.id }, 'sign-in throttle lifted')
      return { ok: true as const }
    },
  )
}
