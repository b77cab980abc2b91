// Dev endpoints driving the telephony simulator (issue #4, non-production only: registered by
// server/routes/dev/index.ts, which returns early in production). They answer once the synthetic
// events are processed, so the caller reads the resulting state at once. Like the real call routes
// (issue #17), one drives only the calls of users one may follow (own; a manager, their teams'; an
// administrator, anyone's), and any other call or user answers as one that does not exist.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, desc, eq } from 'drizzle-orm'
import {
  callRedirectSchema,
  devCallActionParamsSchema,
  devInboundBodySchema,
} from '../../../src/contracts/call.ts'
import { commonErrors, okSchema } from '../../../src/contracts/common.ts'
import { devInboundSmsBodySchema } from '../../../src/contracts/sms.ts'
import { calls, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { canRead, readableUsers } from '../../domain/access/live-access.ts'
import { mayActOnCall } from '../../domain/calls/access.ts'
import { messages } from '../../lib/messages.ts'

const responses = { 200: callRedirectSchema, 409: commonErrors[400], ...commonErrors }

export default async function devTelephonyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  function simulator() {
    const sim = app.telephony.simulator
    if (!sim) throw errors.conflict('Le simulateur de téléphonie n’est pas actif (TELEPHONY_PROVIDER).')
    return sim
  }

  app.post(
    '/api/dev/telephony/inbound',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], body: devInboundBodySchema, response: responses },
    },
    async (request) => {
      const sim = simulator()
      const readable = await readableUsers(db, request.auth.user!)
      const [user] = canRead(readable, request.body.userId)
        ? await db.select().from(users).where(eq(users.id, request.body.userId))
        : []
      if (!user) throw errors.notFound(messages.userNotFound)
      if (user.aircallId === null) throw errors.conflict('Cet utilisateur n’est pas relié à la téléphonie.')
      const providerCallId = sim.inbound({
        aircallUserId: user.aircallId,
        fromNumber: request.body.fromNumber,
      })
      await app.telephony.idle()
      const [call] = await db
        .select({ id: calls.id })
        .from(calls)
        .where(and(eq(calls.provider, 'simulator'), eq(calls.providerCallId, String(providerCallId))))
        .orderBy(desc(calls.id))
      return { ok: true as const, callId: call?.id ?? null }
    },
  )

  // Issue #15 "SMS": a lead texts the simulator's line (a STOP records an opt-out).
  app.post(
    '/api/dev/telephony/sms',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], body: devInboundSmsBodySchema, response: { 200: okSchema, ...commonErrors } },
    },
    async (request) => {
      simulator().inboundSms({ from: request.body.from, body: request.body.body })
      await app.telephony.idle()
      return { ok: true as const }
    },
  )

  app.post(
    '/api/dev/telephony/:callId/:action',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], params: devCallActionParamsSchema, response: responses },
    },
    async (request) => {
      const sim = simulator()
      // A call just started may still wait for its call.created.
      await app.telephony.idle()
      const [call] = await db.select().from(calls).where(eq(calls.id, request.params.callId))
      if (!call || call.provider !== 'simulator' || !(await mayActOnCall(db, request.auth.user!, call)))
        throw errors.notFound('Appel simulé introuvable.')
      if (call.endedAt) throw errors.conflict('Cet appel est déjà terminé.')
      const [user] = call.userId ? await db.select().from(users).where(eq(users.id, call.userId)) : []
      sim.act(call, request.params.action, user?.aircallId ?? null)
      await app.telephony.idle()
      return { ok: true as const, callId: call.id }
    },
  )
}
