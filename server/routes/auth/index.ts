// Authentication: login, logout, the connected user, forgotten and reset passwords.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { commonErrors, okSchema } from '../../../src/contracts/common.ts'
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  logoutBodySchema,
  meSchema,
  resetPasswordBodySchema,
  tokenStatusSchema,
} from '../../../src/contracts/user.ts'
import { passwordResetTokens, sessions, users } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { getDecoyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts'
import { attempt, clearHits, forgetHits, type Limit } from '../../lib/rate-limit.ts'
import { loadMe } from '../../domain/users.ts'
import { hashToken, linkOrigin, sendPasswordLink } from '../../domain/password-reset.ts'
import { hasLiveSession } from '../../domain/lead-viewers.ts'
import { setViewingLead } from '../leads/notify.ts'
import { forgetBrowser } from '../../push/subscriptions.ts'

const WINDOW_15_MIN = 15 * 60 * 1000

function loginLimits(email: string, ip: string): Limit[] {
  return [
    { bucket: `login:email:${email}`, max: 5, windowMs: WINDOW_15_MIN },
    // Call centres sign in many agents from one address: the per-IP limit counts failures only.
    { bucket: `login:ip:${ip}`, max: 50, windowMs: WINDOW_15_MIN },
  ]
}

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
        response: { 200: z.object({ user: meSchema }), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body
      const limits = loginLimits(email, request.ip)
      const { limited, ids } = await attempt(db, limits)
      if (limited) throw errors.tooManyAttempts()
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
      // Unknown e-mail: verify against a decoy so the answer time does not reveal it.
      const ok = await verifyPassword(password, user?.passwordHash ?? (await getDecoyHash()))
      if (!user || !ok)
        throw new HttpError(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.')
      // Only failures count: a right password forgets this attempt and the e-mail's failures.
      await forgetHits(db, ids)
      await clearHits(db, limits[0]!.bucket)
      if (user.status !== 'ACTIVE') {
        throw new HttpError(
          403,
          'ACCOUNT_INACTIVE',
          'Votre compte est désactivé. Contactez votre responsable.',
        )
      }
      await app.sessions.create(request, reply, user.id)
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
    async (request) => app.me.get(request.auth.user!),
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
      const ipLimit: Limit = { bucket: `forgot:ip:${request.ip}`, max: 10, windowMs: WINDOW_15_MIN }
      if ((await attempt(db, [ipLimit])).limited) throw errors.tooManyAttempts()
      // Per address, silently: at most 3 links an hour, so nobody can flood an inbox (or keep
      // cancelling a user's link), and the answer still does not tell whether the address exists.
      const emailLimit: Limit = {
        bucket: `forgot:email:${request.body.email}`,
        max: 3,
        windowMs: 60 * 60 * 1000,
      }
      if ((await attempt(db, [emailLimit])).limited) return { ok: true as const }
      // The answer never depends on whether the address exists; the work happens after it.
      const origin = linkOrigin(app, request)
      void sendPasswordLink(app, { email: request.body.email, origin, kind: 'reset' }).catch(
        (error: unknown) =>
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
    async (request) => {
      const [row] = await db
        .select({ userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(validTokenWhere(hashToken(request.params.token)))
      return { valid: Boolean(row) }
    },
  )

  app.post(
    '/api/resetPassword',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: okSchema, ...commonErrors } },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.password)
      const tokenHash = hashToken(request.body.token)
      const changed = await db.transaction(async (tx) => {
        // Single use: the UPDATE claims the token atomically, a second use finds nothing.
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(validTokenWhere(tokenHash))
          .returning({ userId: passwordResetTokens.userId })
        if (!claimed) return false
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, claimed.userId))
        await tx.delete(sessions).where(eq(sessions.userId, claimed.userId))
        return claimed.userId
      })
      if (changed === false) {
        throw new HttpError(400, 'TOKEN_INVALID', 'Ce lien de réinitialisation est invalide ou a expiré.')
      }
      await app.bus.publish('user-changed', { userId: changed })
      return { ok: true as const }
    },
  )
}

function validTokenWhere(tokenHash: string) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  )
}
