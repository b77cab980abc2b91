// Authentication: login, logout, the connected user, forgotten and reset passwords.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
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
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { getDecoyHash, HashingBusyError, verifyPassword } from '../../lib/passwords.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { attempt, type Limit } from '../../lib/rate-limit.ts'
import {
  admitAttempt,
  maxFailures,
  recordFailure,
  releaseAttempt,
  type AttemptTicket,
  type FailureRule,
} from '../../lib/failure-limits.ts'
import { loadMe } from '../../domain/users/profiles.ts'
import { isResetTokenValid, resetPasswordWithToken } from '../../domain/access/password-reset.ts'
import { sendPasswordLink } from '../../domain/mails/password-mails.ts'
import { signInRules } from '../../domain/access/sign-in-throttle.ts'
import signInThrottleRoutes from './sign-in-throttles.ts'
import { hasLiveSession } from '../../domain/leads/viewers.ts'
import { setViewingLead } from '../../domain/leads/signals.ts'
import { forgetBrowser } from '../../push/subscriptions.ts'

const WINDOW_15_MIN = 15 * 60 * 1000

/** Bad reset links per address (docs/domain.md "Sign-in limits"); a used or expired link counts too. */
const resetRules = (ip: string): FailureRule[] => [
  maxFailures(`reset:ip:${addressBucketOf(ip)}`, 10, WINDOW_15_MIN),
]

/** Seconds a client is asked to wait when hashing is refused (the queue drains in about that). */
const BUSY_RETRY_AFTER_SECONDS = 5

/**
 * Runs work that hashes a password; a full hashing queue (server/lib/passwords.ts) becomes a 503
 * with Retry-After (docs/domain.md "Sign-in limits"). The attempt is not counted as a failure.
 */
async function unlessHashingBusy<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error
    throw new HttpError(503, 'BUSY', 'Le service est très sollicité : réessayez dans un instant.', {
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    })
  }
}

async function admitOrRefuse(db: Db, rules: FailureRule[]): Promise<AttemptTicket> {
  const admission = await admitAttempt(db, rules)
  if ('retryAfterMs' in admission) throw errors.tooManyAttempts(admission.retryAfterMs)
  return admission.ticket
}

/**
 * The account whose password this is, under the sign-in limits (docs/domain.md "Sign-in limits"):
 * 429 when this address must wait for this account, 401 for a wrong password or unknown e-mail.
 */
async function checkCredentials(db: Db, email: string, password: string, address: string) {
  const ticket = await admitOrRefuse(db, signInRules(email, address))
  try {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
    // Unknown e-mail: verify against a decoy so the answer time does not reveal it. A full hashing
    // queue answers 503 and the `finally` below releases the attempt (no failure counted).
    const ok = await unlessHashingBusy(async () =>
      verifyPassword(password, user?.passwordHash ?? (await getDecoyHash())),
    )
    if (!user || !ok) {
      await recordFailure(db, ticket)
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.')
    }
    // Only failures count: the right password frees its slot and lifts this address's delay.
    await releaseAttempt(db, ticket, { success: true })
    return user
  } finally {
    await releaseAttempt(db, ticket)
  }
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
      const user = await checkCredentials(db, email, password, request.ip)
      if (user.status !== 'ACTIVE') {
        throw new HttpError(
          403,
          'ACCOUNT_INACTIVE',
          'Votre compte est désactivé. Contactez votre responsable.',
        )
      }
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
      const ipLimit: Limit = {
        bucket: `forgot:ip:${addressBucketOf(request.ip)}`,
        max: 10,
        windowMs: WINDOW_15_MIN,
      }
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
      // Bad links are failures, throttled per address; the link is checked before any hashing. A full
      // hashing queue answers 503 and the `finally` releases the attempt.
      const ticket = await admitOrRefuse(db, resetRules(request.ip))
      try {
        const changed = await unlessHashingBusy(() =>
          resetPasswordWithToken(db, request.body.token, request.body.password),
        )
        if (changed === null) {
          await recordFailure(db, ticket)
          throw new HttpError(400, 'TOKEN_INVALID', 'Ce lien de réinitialisation est invalide ou a expiré.')
        }
        await app.bus.publish('user-changed', { userId: changed })
        return { ok: true as const }
      } finally {
        await releaseAttempt(db, ticket)
      }
    },
  )

  await app.register(signInThrottleRoutes)
}
