// Users: the back office's reads (administrators; managers read the users of their teams), the
// preferences and avatar everyone sets for themselves; the administrators' changes are in admin.ts.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import {
  adminUserSchema,
  userListAnswerSchema,
  userListQuerySchema,
} from '../../../src/contracts/user-admin.ts'
import {
  meSchema,
  preferenceBodySchema,
  preferenceParamsSchema,
  userSchema,
} from '../../../src/contracts/user.ts'
import { getAdminUser, listAdminUsers, readableUsers } from '../../domain/users/reads.ts'
import { listUsers, setPreference, workingUsers } from '../../domain/users/profiles.ts'
import adminRoutes from './admin.ts'
import avatarRoutes from './avatar.ts'

export const USER_READERS = ['ADMIN', 'MANAGER'] as const

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const userList = { 200: z.array(userSchema), ...commonErrors }

  app.get(
    '/api/users',
    {
      config: { access: USER_READERS },
      schema: {
        tags: ['users'],
        description:
          'With any list parameter: a page of users (search, filters, sort). Without: every readable user (spec §7).',
        querystring: userListQuerySchema,
        response: { 200: userListAnswerSchema, ...commonErrors },
      },
    },
    async (request) => {
      const reader = request.auth.user!
      const plain = Object.values(request.query).every((value) => value === undefined)
      if (plain) return listUsers(db, { scope: readableUsers(reader) })
      return listAdminUsers(db, reader, request.query)
    },
  )

  app.get(
    '/api/users/active',
    { config: { access: USER_READERS }, schema: { tags: ['users'], response: userList } },
    async (request) => listUsers(db, { activeOnly: true, scope: readableUsers(request.auth.user!) }),
  )

  app.get(
    '/api/users/working',
    { config: { access: USER_READERS }, schema: { tags: ['users'], response: userList } },
    async (request) => workingUsers(db, readableUsers(request.auth.user!)),
  )

  app.get(
    '/api/user/:id',
    {
      config: { access: USER_READERS },
      schema: { tags: ['users'], params: idParamSchema, response: { 200: adminUserSchema, ...commonErrors } },
    },
    async (request) => getAdminUser(db, request.auth.user!, request.params.id),
  )

  app.post(
    '/api/user/preference/:preferenceKey',
    {
      // Queued offline and replayed with an Idempotency-Key (issue #5).
      config: { access: 'authenticated', idempotent: true },
      schema: {
        tags: ['users'],
        params: preferenceParamsSchema,
        body: preferenceBodySchema,
        response: { 200: meSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      await setPreference(db, user.id, request.params.preferenceKey, request.body.preferenceValue)
      await app.bus.publish('user-changed', { userId: user.id })
      return app.me.get(user)
    },
  )

  await app.register(adminRoutes)
  await app.register(avatarRoutes)
}
