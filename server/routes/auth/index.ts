// Authentication: login, logout, the connected user, forgotten and reset passwords.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, errorBodySchema, okSchema } from '../../../src/contracts/common.ts'
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  logoutBodySchema,
  meSchema,
  type Me,
  resetPasswordBodySchema,
  tokenStatusSchema,
} from '../../../src/contracts/user.ts'
import {
  mayRequestPasswordLink,
  resetPasswordUnderLimits,
  signInUser,
} from '../../domain/access/credentials.ts'
import { loadMe } from '../../domain/users/profiles.ts'
import { isResetTokenValid } from '../../domain/access/password-reset.ts'
import { sendPasswordLink } from '../../domain/mails/password-mails.ts'
import signInThrottleRoutes from './sign-in-throttles.ts'
import { hasLiveSession } from '../../domain/leads/viewers.ts'
import { setViewingLead } from '../../domain/leads/signals.ts'
import { forgetBrowser } from '../../push/subscriptions.ts'

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: loginBodySchema,
        response: {
          200: z.object({ user: meSchema }),
          429: errorBodySchema,
          503: errorBodySchema,
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body
      const user = await signInUser(db, email, password, request.ip)
      // Issue #17: the cookie ends with the browser unless « Rester connecté sur cet appareil ».
      await app.sessions.create(request, reply, user.id, { remember: request.body.rememberMe === true })
      return { user: await loadMe(db, user) }
    },
  )

  app.post(
    '/api/logout',
    {
      config: { access: 'public' },
      // The body is optional: a browser without push subscription sends none.
      schema: {
        tags: ['auth'],
        body: logoutBodySchema.nullish(),
        response: { 200: okSchema, 400: commonErrors[400] },
      },
    },
    async (request, reply) => {
      const userId = request.auth.user?.id
      // This browser stops alerting anyone before its session ends, by the same request: no
      // signed-out browser keeps showing a user's alerts (docs/domain.md "Alerts (push)").
      const pushEndpoint = request.body?.pushEndpoint
      if (pushEndpoint) await forgetBrowser(db, pushEndpoint)
      await app.sessions.destroy(request, reply)
      // Signed out everywhere: nobody is on a lead sheet any more (docs/domain.md "Leads", Viewing).
      if (
        userId !== undefined &&
        !(await hasLiveSession(db, userId, { sessionIdleMs: app.config.sessionIdleMs }))
      )
        await setViewingLead(app, userId, null)
      return { ok: true as const, redirect: '/login' }
    },
  )

  app.get(
    '/api/user/me',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], response: { 200: meSchema, ...commonErrors } },
    },
    // The cached answer, serialised once (server/plugins/me-cache.ts), still described by meSchema:
    // Fastify sends a string with a JSON content type as is (the typed `send` expects the object).
    async (request, reply) => {
      const json = await app.me.json(request.auth.user!)
      return reply.type('application/json; charset=utf-8').send(json as unknown as Me)
    },
  )

  app.post(
    '/api/forgotPassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: forgotPasswordBodySchema,
        response: { 200: okSchema, ...commonErrors },
      },
    },
    async (request) => {
      // Past the address's limit, 429; past the e-mail's, the same answer and no link.
      if (!(await mayRequestPasswordLink(db, request.body.email, request.ip))) return { ok: true as const }
      // The answer never depends on whether the address exists; the work happens after it.
      void sendPasswordLink(app, { email: request.body.email, kind: 'reset' }).catch((error: unknown) =>
        request.log.error({ err: error }, 'forgot password: sending the reset link failed'),
      )
      return { ok: true as const }
    },
  )

  app.get(
    '/api/user/token/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: tokenStatusSchema },
      },
    },
    async (request) => ({ valid: await isResetTokenValid(db, request.params.token) }),
  )

  app.post(
    '/api/resetPassword',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: resetPasswordBodySchema,
        response: { 200: okSchema, 429: errorBodySchema, 503: errorBodySchema, ...commonErrors },
      },
    },
    async (request) => {
      const changed = await resetPasswordUnderLimits(
        db,
        request.body.token,
        request.body.password,
        request.ip,
      )
      await app.bus.publish('user-changed', { userId: changed })
      return { ok: true as const }
    },
  )

  await app.register(signInThrottleRoutes)
}
