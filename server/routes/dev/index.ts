// Developer endpoints (spec §7 "Developer"): registered only outside production, so they are 404 there.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { commonErrors, okSchema } from '../../../src/contracts/common.ts'
import { safeText } from '../../../src/contracts/safe-text.ts'
import { devLivePublishBodySchema, parseChannel } from '../../../src/contracts/live.ts'
import { connectAsBodySchema, meSchema, switchRoleBodySchema } from '../../../src/contracts/user.ts'
import { mailOutbox, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { loadMe } from '../../domain/users/profiles.ts'
import devTelephonyRoutes from './telephony.ts'
import devAwardRoutes from './awards.ts'
import devLeadRoutes from './leads.ts'
import devMonitorRoutes from './monitor.ts'
import devFloorRoutes from './floor.ts'

const userResponse = { 200: z.object({ user: meSchema }), ...commonErrors }

export default async function devRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  if (app.config.appEnv === 'production') return
  const { db } = app.database

  app.post(
    '/api/dev/connect-as',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], body: connectAsBodySchema, response: userResponse },
    },
    async (request, reply) => {
      const { role, userEmail } = request.body
      const where = userEmail
        ? sql`lower(${users.email}) = ${userEmail}`
        : and(eq(users.role, role!), eq(users.status, 'ACTIVE'))
      const [target] = await db.select().from(users).where(where).orderBy(asc(users.id)).limit(1)
      if (!target) throw errors.notFound('Aucun utilisateur ne correspond.')
      if (target.status !== 'ACTIVE') throw errors.forbidden('Ce compte est désactivé.')
      // Issue #17: who became whom, for the audit trail (ids and roles only).
      const actor = request.auth.user!
      request.log.warn(
        {
          event: 'dev.connect-as',
          fromUserId: actor.id,
          fromRole: actor.role,
          toUserId: target.id,
          toRole: target.role,
        },
        'dev: connect as another user',
      )
      await app.sessions.create(request, reply, target.id)
      return { user: await loadMe(db, target) }
    },
  )

  // Role switch: the current session sees the app with another role; the account itself is unchanged
  // and the override ends with the session.
  app.post(
    '/api/dev/switch-role',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], body: switchRoleBodySchema, response: userResponse },
    },
    async (request) => {
      const { role } = request.body
      const user = request.auth.user!
      const [stored] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id))
      // Issue #17: every switch is logged with the account, its own role and the roles before/after.
      request.log.warn(
        {
          event: 'dev.switch-role',
          userId: user.id,
          accountRole: stored?.role,
          fromRole: user.role,
          toRole: role,
        },
        'dev: role switch',
      )
      await app.sessions.setRoleOverride(request, stored?.role === role ? null : role)
      return { user: await loadMe(db, { ...user, role }) }
    },
  )

  // Dev mailbox: the mails the app sent (reset links…), newest first; administrators only. Like the
  // whole dev toolset it exists outside production only (issue #2), so non-production environments
  // must never hold real people's accounts (docs/decisions.md).
  app.get(
    '/api/dev/mailbox',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: safeText().max(254).optional() }),
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              createdAt: z.date(),
            }),
          ),
        },
      },
    },
    async (request) =>
      db
        .select()
        .from(mailOutbox)
        .where(request.query.to ? eq(mailOutbox.to, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(50),
  )

  // Publishes on a live channel, for the end-to-end tests of reconnection (issue #3). An
  // administrator publishes anywhere; anyone else only on their own channels.
  app.post(
    '/api/dev/live/publish',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], body: devLivePublishBodySchema, response: { 200: okSchema, ...commonErrors } },
    },
    async (request) => {
      const { channel, data } = request.body
      const user = request.auth.user!
      if (user.role !== 'ADMIN' && parseChannel(channel)?.userId !== user.id) throw errors.forbidden()
      await app.live.publishUnknown(channel, data)
      return { ok: true as const }
    },
  )
  await app.register(devTelephonyRoutes)
  await app.register(devAwardRoutes)
  await app.register(devLeadRoutes)
  await app.register(devMonitorRoutes)
  await app.register(devFloorRoutes)
}
