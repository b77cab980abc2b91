// Call routes (issue #4 "API", docs/domain.md "Calls"). Call state itself comes from the provider's
// events (server/telephony/webhook-processing.ts); these routes start calls, read the current one,
// and record what only the app knows (answering from the app, the lead of a call, a forced end).
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { and, eq, isNull, ne, or } from 'drizzle-orm'
import {
  type AircallNumber,
  callLinkLeadParamsSchema,
  callNumberListSchema,
  callRedirectSchema,
  currentCallSchema,
  forceEndBodySchema,
  inboundAnswerBodySchema,
  linkAircallBodySchema,
  startOutboundBodySchema,
} from '../../../src/contracts/call.ts'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { isCallCapable } from '../../../src/contracts/roles.ts'
import { userSchema } from '../../../src/contracts/user.ts'
import { calls, users } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { loadUsers } from '../../domain/users.ts'
import { ongoingCallOf, untaggedCallOf } from '../../domain/call-state.ts'
import { blockingRedirect, heldLeadOf, isWorkableLead } from '../../domain/lead-assignment.ts'
import { findVisibleLead, leadNotFound, mayActOnLead, mayReadLead } from '../../domain/lead-access.ts'
import { CALL_ALREADY_TAGGED } from '../../domain/lead-tagging.ts'
import { assertMayActOnCall } from '../../domain/call-access.ts'
import type { SessionUser } from '../../plugins/session.ts'
import { toE164 } from '../../../src/contracts/phone.ts'
import { PENDING_PREFIX, syncCallingLead } from '../../telephony/webhook-processing.ts'
import { currentCallOf, leadPath } from './current-call.ts'

const NUMBERS_TTL_MS = 5 * 60 * 1000
const withConflict = { ...commonErrors, 409: commonErrors[400], 502: commonErrors[400] }

const LEAD_NOT_WORKABLE =
  'Ce lead n’est pas disponible : il est expiré, clos ou attend un rendez-vous imposé.'

export default async function callRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const { telephony } = app

  async function publish(userId: number, callId: number | null, status: string) {
    await app.live.publish(`user:${userId}:ongoing-call:update`, { callId, status })
  }

  // Numbers change rarely and Aircall's rate limit is shared by the company (notes pitfall 13).
  let numbersCache: { at: number; list: Promise<AircallNumber[]> } | undefined
  function numbers(): Promise<AircallNumber[]> {
    if (!numbersCache || Date.now() - numbersCache.at > NUMBERS_TTL_MS) {
      const list = telephony.provider.listNumbers()
      numbersCache = { at: Date.now(), list }
      list.catch(() => (numbersCache = undefined))
    }
    return numbersCache.list
  }

  async function ownOrSupervised(callId: number, user: SessionUser) {
    const [call] = await db.select().from(calls).where(eq(calls.id, callId))
    return assertMayActOnCall(db, user, call)
  }

  app.post(
    '/api/call/start-outbound',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: startOutboundBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => {
      const user = request.auth.user!
      if (!isCallCapable(user)) throw errors.forbidden('Votre rôle ne permet pas de passer des appels.')
      if (user.aircallId === null)
        throw errors.forbidden(
          'Votre compte n’est pas relié à la téléphonie : demandez-le à un administrateur.',
        )
      const { lead } = await findVisibleLead(db, user, request.body.leadId)
      if (lead.processingUserId !== user.id)
        throw errors.forbidden('Ce lead n’est pas en cours de traitement par vous.')
      const to = toE164(lead.phone)
      if (!to) throw errors.invalid('Le numéro du lead n’est pas un numéro de téléphone valide.')
      const numberId = request.body.numberId ?? (await numbers())[0]?.id
      if (!numberId)
        throw new HttpError(502, 'TELEPHONY_ERROR', 'Aucun numéro Aircall disponible pour appeler.')
      // The user's row is locked so that two tabs starting a call at once make one call.
      const call = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
        if (await ongoingCallOf(tx, user.id)) throw errors.conflict('Un appel est déjà en cours.')
        const now = new Date()
        // Aircall answers 204 without an id: this row waits for its call.created (notes pitfall 3).
        const [row] = await tx
          .insert(calls)
          .values({
            provider: telephony.provider.name,
            providerCallId: `${PENDING_PREFIX}${randomUUID()}`,
            direction: 'outbound',
            status: 'initial',
            userId: user.id,
            leadId: lead.id,
            phoneNumber: to,
            numberId: String(numberId),
            startedAt: now,
            sourceUpdatedAt: now,
          })
          .returning()
        return row!
      })
      try {
        await telephony.provider.startOutbound({ aircallUserId: user.aircallId, numberId, to })
      } catch (error) {
        await db.delete(calls).where(eq(calls.id, call.id))
        throw error
      }
      await syncCallingLead(telephony.context, user.id)
      await publish(user.id, call.id, 'initial')
      return { ok: true as const, callId: call.id }
    },
  )

  app.get(
    '/api/call/aircall-numbers',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['calls'], response: { 200: callNumberListSchema, ...withConflict } },
    },
    async () =>
      (await numbers()).map((n) => ({
        id: n.id,
        name: n.name ?? null,
        digits: n.digits,
      })),
  )

  app.get(
    '/api/call/ongoing',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['calls'], response: { 200: currentCallSchema, ...commonErrors } },
    },
    async (request) => currentCallOf(db, request.auth.user!.id),
  )

  app.post(
    '/api/call/inbound/answer',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: inboundAnswerBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const call = await ongoingCallOf(db, user.id)
      if (!call || call.direction !== 'inbound') throw errors.notFound('Aucun appel entrant en cours.')
      // The detected lead counts only if the user may see it (server/domain/lead-access.ts): a caller
      // matching a lead of another mission is answered as an unknown caller.
      const concerned = call.leadId ?? call.detectedLeadId
      const leadId = concerned !== null && (await mayReadLead(db, user, concerned)) ? concerned : null
      if (!request.body.bypassUntaggedLeadCheck) {
        const untagged = await untaggedCallOf(db, user.id)
        if (untagged) {
          const path = await leadPath(db, untagged.leadId ?? untagged.detectedLeadId)
          throw new HttpError(403, 'UNTAGGED_CALL', 'Un appel précédent n’a pas été taggé.', {
            redirect: blockingRedirect(path, 'UNTAGGED_CALL'),
          })
        }
      }
      if (!request.body.bypassProcessingLeadCheck) {
        const held = await heldLeadOf(db, user.id)
        if (held && held.id !== leadId)
          throw new HttpError(
            403,
            'UNFINISHED_PROCESSING_LEAD',
            'Vous avez un lead en cours de traitement.',
            {
              redirect: blockingRedirect(`/lead/${held.uuid}`, 'UNFINISHED_PROCESSING_LEAD'),
            },
          )
      }
      if (leadId !== null && leadId !== call.leadId)
        await db.update(calls).set({ leadId, updatedAt: new Date() }).where(eq(calls.id, call.id))
      if (telephony.simulator && !call.answeredAt) {
        telephony.simulator.act({ ...call, leadId }, 'answer', user.aircallId)
        await telephony.idle()
      }
      await syncCallingLead(telephony.context, user.id)
      await publish(user.id, call.id, (await currentCallOf(db, user.id)).status)
      return { ok: true as const, callId: call.id, redirect: await leadPath(db, leadId) }
    },
  )

  app.post(
    '/api/call/force-end',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        body: forceEndBodySchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => {
      const call = await ownOrSupervised(request.body.callId, request.auth.user!)
      if (call.endedAt) return { ok: true as const, callId: call.id }
      const now = new Date()
      const status = call.answeredAt ? 'ended' : 'missed'
      // A later provider event (newer timestamp) may still complete it; an older one cannot reopen it.
      await db
        .update(calls)
        .set({ status, endedAt: now, sourceUpdatedAt: now, updatedAt: now })
        .where(eq(calls.id, call.id))
      await telephony.provider.hangup?.(call.providerCallId)
      if (call.userId) {
        await syncCallingLead(telephony.context, call.userId)
        await publish(call.userId, call.id, status)
      }
      return { ok: true as const, callId: call.id }
    },
  )

  app.post(
    '/api/call/:callId/link-lead/:leadId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['calls'],
        params: callLinkLeadParamsSchema,
        response: { 200: callRedirectSchema, ...withConflict },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const call = await ownOrSupervised(request.params.callId, user)
      // docs/domain.md "Calls" (Link lead): a lead the user sees, held by them or free for a
      // teleoperator; a tagged call keeps the lead of its outcome.
      const { lead } = await findVisibleLead(db, user, request.params.leadId)
      if (!mayActOnLead(user, lead, { takesFreeLead: true }))
        throw errors.forbidden('Ce lead est traité par un autre utilisateur.')
      // A supervisor links a member's call only to a lead that member sees too (they tag it next).
      if (call.userId !== null && call.userId !== user.id) {
        const [owner] = await db
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(eq(users.id, call.userId))
        if (!owner || !(await mayReadLead(db, owner, lead.id))) throw leadNotFound()
      }
      // A free lead taken this way must be one pick would give (open, not expired, not waiting for a
      // forced appointment), unless the caller's number designated it: linking then tagging must not
      // reopen a closed lead (issue #17).
      if (
        user.role === 'TELEOPERATOR' &&
        lead.processingUserId === null &&
        call.detectedLeadId !== lead.id &&
        call.leadId !== lead.id &&
        !(await isWorkableLead(db, lead.id))
      )
        throw errors.conflict(LEAD_NOT_WORKABLE)
      // Conditional, so a tagging of this call committed meanwhile is not overtaken.
      const [linked] = await db
        .update(calls)
        .set({ leadId: lead.id, updatedAt: new Date() })
        .where(and(eq(calls.id, call.id), or(isNull(calls.leadTagId), eq(calls.leadId, lead.id))))
        .returning({ id: calls.id })
      if (!linked) throw errors.conflict(CALL_ALREADY_TAGGED)
      if (call.userId) {
        await syncCallingLead(telephony.context, call.userId)
        await publish(call.userId, call.id, call.status)
      }
      return { ok: true as const, callId: call.id, redirect: await leadPath(db, lead.id) }
    },
  )

  app.post(
    '/api/user/:id/link-aircall-account',
    {
      config: { access: ['ADMIN'] },
      schema: {
        tags: ['users'],
        params: idParamSchema,
        body: linkAircallBodySchema,
        response: { 200: userSchema, ...withConflict },
      },
    },
    async (request) => {
      const [target] = await db.select().from(users).where(eq(users.id, request.params.id))
      if (!target) throw errors.notFound('Utilisateur introuvable.')
      let aircallId = request.body?.aircallId
      if (aircallId === undefined) {
        const email = target.email.toLowerCase()
        const match = (await telephony.provider.listUsers()).find((u) => u.email.toLowerCase() === email)
        if (!match) throw errors.notFound('Aucun utilisateur Aircall n’a cette adresse e-mail.')
        aircallId = match.id
      }
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.aircallId, aircallId), ne(users.id, target.id)))
      if (taken) throw errors.conflict('Ce compte Aircall est déjà relié à un autre utilisateur.')
      const [row] = await db
        .update(users)
        .set({ aircallId, updatedAt: new Date() })
        .where(eq(users.id, target.id))
        .returning()
      await app.bus.publish('user-changed', { userId: target.id })
      const [user] = await loadUsers(db, [row!])
      return user!
    },
  )
}
