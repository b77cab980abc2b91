// Users: the administrators' changes (issue #12 "Users"): create (with the welcome e-mail), edit,
// activate/deactivate, link the Aircall account, bulk actions, and the provider's Aircall users.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { linkAircallBodySchema } from '../../../src/contracts/call.ts'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import {
  adminUserSchema,
  aircallAccountPageSchema,
  aircallAccountsQuerySchema,
  bulkUsersBodySchema,
  bulkUsersResultSchema,
  createdUserSchema,
  handedOverLinkSchema,
  userStatusBodySchema,
} from '../../../src/contracts/user-admin.ts'
import { createUserBodySchema, updateUserBodySchema } from '../../../src/contracts/user-form.ts'
import { listAircallAccounts } from '../../domain/users/aircall-accounts.ts'
import { newWelcomeLink, welcomeNewUser } from '../../domain/mails/password-mails.ts'
import { changeUserStatus, createUser, linkAircallAccount, updateUser } from '../../domain/users/changes.ts'
import { bulkUsers } from '../../domain/users/bulk.ts'

const ADMINS = ['ADMIN'] as const

export default async function userAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const userAnswers = {
    200: adminUserSchema,
    409: conflictBodySchema(adminUserSchema),
    502: commonErrors[400],
    ...commonErrors,
  }

  /** The user's rights, role or status changed: their open sessions and live channel follow. */
  async function changed(userIds: number[], { signOut = false } = {}) {
    for (const userId of userIds) {
      // A deactivated user's sessions end at once (and with them, their live sockets).
      if (signOut) await app.sessions.destroyAllForUser(userId)
      await app.bus.publish('user-changed', { userId })
    }
  }

  app.post(
    '/api/users',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        body: createUserBodySchema,
        response: { 201: createdUserSchema, 409: conflictBodySchema(adminUserSchema), ...commonErrors },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, request.body, request.auth.user!.id)
      // New accounts choose their own password through a single-use link: mailed, or handed over.
      const welcome = await welcomeNewUser(app, user, request.auth.user!.id)
      return reply.status(201).send({ ...user, welcome })
    },
  )

  // « Nouveau lien » (issue #31): a fresh welcome link for the administrator to hand over.
  app.post(
    '/api/user/:id/welcome-link',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        params: idParamSchema,
        response: { 200: handedOverLinkSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => newWelcomeLink(app, request.params.id, request.auth.user!.id),
  )

  app.put(
    '/api/user/:id',
    {
      config: { access: ADMINS },
      schema: { tags: ['users'], params: idParamSchema, body: updateUserBodySchema, response: userAnswers },
    },
    async (request) => {
      const user = await updateUser(db, request.auth.user!.id, request.params.id, request.body)
      await changed([user.id])
      return user
    },
  )

  for (const action of ['activate', 'deactivate'] as const) {
    app.post(
      `/api/user/:id/${action}`,
      {
        config: { access: ADMINS },
        schema: { tags: ['users'], params: idParamSchema, body: userStatusBodySchema, response: userAnswers },
      },
      async (request) => {
        const status = action === 'activate' ? 'ACTIVE' : 'INACTIVE'
        const { id } = request.params
        const user = await changeUserStatus(db, request.auth.user!, id, status, request.body?.version)
        await changed([user.id], { signOut: action === 'deactivate' })
        return user
      },
    )
  }

  app.post(
    '/api/user/:id/link-aircall-account',
    {
      config: { access: ADMINS },
      schema: { tags: ['users'], params: idParamSchema, body: linkAircallBodySchema, response: userAnswers },
    },
    async (request) => {
      const { provider } = app.telephony
      const actorId = request.auth.user!.id
      const user = await linkAircallAccount(db, provider, actorId, request.params.id, request.body?.aircallId)
      await changed([user.id])
      return user
    },
  )

  app.get(
    '/api/users/aircall-accounts',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        querystring: aircallAccountsQuerySchema,
        response: { 200: aircallAccountPageSchema, 502: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => listAircallAccounts(db, app.telephony.provider, request.query),
  )

  app.post(
    '/api/users/bulk',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['users'],
        body: bulkUsersBodySchema,
        response: { 200: bulkUsersResultSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => {
      const { changedUserIds, ...result } = await bulkUsers(db, request.auth.user!.id, request.body)
      await changed(changedUserIds, { signOut: request.body.action === 'deactivate' })
      return result
    },
  )
}
