// Users: administration (admins; managers read), preferences and avatar (everyone, for themselves).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import {
  createUserBodySchema,
  meSchema,
  preferenceBodySchema,
  preferenceParamsSchema,
  updateUserBodySchema,
  userSchema,
} from '../../../src/contracts/user.ts'
import { listUsers, setPreference, workingUsers } from '../../domain/users.ts'
import { changeUserStatus, createUser, getUser, updateUser } from '../../domain/user-admin.ts'
import { linkOrigin, sendPasswordLink } from '../../domain/password-reset.ts'
import avatarRoutes from './avatar.ts'

const READERS = ['ADMIN', 'MANAGER'] as const
const ADMINS = ['ADMIN'] as const

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const userList = { 200: z.array(userSchema), ...commonErrors }

  app.get(
    '/api/users',
    { config: { access: READERS }, schema: { tags: ['users'], response: userList } },
    async () => listUsers(db),
  )

  app.get(
    '/api/users/active',
    { config: { access: READERS }, schema: { tags: ['users'], response: userList } },
    async () => listUsers(db, { activeOnly: true }),
  )

  app.get(
    '/api/users/working',
    { config: { access: READERS }, schema: { tags: ['users'], response: userList } },
    async () => workingUsers(db),
  )

  app.post(
    '/api/users',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        body: createUserBodySchema,
        response: { 201: userSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, request.body)
      // New accounts choose their own password through a single-use link.
      await sendPasswordLink(app, { email: user.email, origin: linkOrigin(app), kind: 'welcome' })
      return reply.status(201).send(user)
    },
  )

  app.get(
    '/api/user/:id',
    {
      config: { access: READERS },
      schema: { tags: ['users'], params: idParamSchema, response: { 200: userSchema, ...commonErrors } },
    },
    async (request) => getUser(db, request.params.id),
  )

  app.put(
    '/api/user/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        params: idParamSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => {
      const user = await updateUser(db, request.params.id, request.body)
      await app.bus.publish('user-changed', { userId: user.id })
      return user
    },
  )

  for (const action of ['activate', 'deactivate'] as const) {
    app.post(
      `/api/user/:id/${action}`,
      {
        config: { access: ADMINS },
        schema: {
          tags: ['users'],
          params: idParamSchema,
          response: { 200: userSchema, 409: commonErrors[400], ...commonErrors },
        },
      },
      async (request) => {
        const status = action === 'activate' ? 'ACTIVE' : 'INACTIVE'
        const user = await changeUserStatus(db, request.auth.user!, request.params.id, status)
        // A deactivated user's sessions end at once (and with them, their live sockets).
        if (action === 'deactivate') await app.sessions.destroyAllForUser(user.id)
        await app.bus.publish('user-changed', { userId: user.id })
        return user
      },
    )
  }

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

  await app.register(avatarRoutes)
}
