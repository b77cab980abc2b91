// Users: administration (admins; managers read), preferences and avatar (everyone, for themselves).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, eq, gt } from 'drizzle-orm'
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
import { sessions, userPreferences, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { loadUsers } from '../../domain/users.ts'
import { createUser, setUserStatus, updateUser } from '../../domain/user-admin.ts'
import { linkOrigin, sendPasswordLink } from '../../domain/password-reset.ts'
import avatarRoutes from './avatar.ts'

const READERS = ['ADMIN', 'MANAGER'] as const
const ADMINS = ['ADMIN'] as const
/** A user counts as working when one of their sessions was active in the last 15 minutes. */
const WORKING_WINDOW_MS = 15 * 60 * 1000

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const userList = { 200: z.array(userSchema), ...commonErrors }

  app.get(
    '/api/users',
    { config: { access: READERS }, schema: { tags: ['users'], response: userList } },
    async () =>
      loadUsers(db, await db.select().from(users).orderBy(asc(users.lastName), asc(users.firstName))),
  )

  app.get(
    '/api/users/active',
    { config: { access: READERS }, schema: { tags: ['users'], response: userList } },
    async () =>
      loadUsers(
        db,
        await db
          .select()
          .from(users)
          .where(eq(users.status, 'ACTIVE'))
          .orderBy(asc(users.lastName), asc(users.firstName)),
      ),
  )

  app.get(
    '/api/users/working',
    { config: { access: READERS }, schema: { tags: ['users'], response: userList } },
    async () => {
      const since = new Date(Date.now() - WORKING_WINDOW_MS)
      const rows = await db
        .selectDistinct({ user: users })
        .from(users)
        .innerJoin(sessions, eq(sessions.userId, users.id))
        .where(and(eq(users.status, 'ACTIVE'), gt(sessions.lastSeenAt, since)))
      return loadUsers(
        db,
        rows.map((r) => r.user).toSorted((a, b) => a.lastName.localeCompare(b.lastName, 'fr')),
      )
    },
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
    async (request) => {
      const [row] = await db.select().from(users).where(eq(users.id, request.params.id))
      if (!row) throw errors.notFound('Utilisateur introuvable.')
      const [user] = await loadUsers(db, [row])
      return user!
    },
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
        if (action === 'deactivate' && request.params.id === request.auth.user!.id) {
          throw errors.conflict('Vous ne pouvez pas désactiver votre propre compte.')
        }
        const user = await setUserStatus(db, request.params.id, action === 'activate' ? 'ACTIVE' : 'INACTIVE')
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
      await db
        .insert(userPreferences)
        .values({ userId: user.id, key: request.params.preferenceKey, value: request.body.preferenceValue })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.key],
          set: { value: request.body.preferenceValue },
        })
      await app.bus.publish('user-changed', { userId: user.id })
      return app.me.get(user)
    },
  )

  await app.register(avatarRoutes)
}
