// What the app itself does to calls (issue #4 "API", docs/domain.md "Calls"): start an outbound call,
// answer an inbound one from the app, force a call's end, tie a call to a lead. Call state itself
// comes from the provider's events (server/domain/webhooks/processing.ts).
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, or } from 'drizzle-orm'
import type { AircallNumber, InboundAnswerBody, StartOutboundBody } from '../../../src/contracts/call.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'
import { isCallCapable } from '../../../src/contracts/roles.ts'
import { toE164 } from '../../../src/contracts/phone.ts'
import type { Db } from '../../db/client.ts'
import { calls, users } from '../../db/schema.ts'
import { assertMayCallNow } from './calling-rules.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import type { Telephony } from './telephony.ts'
import { PENDING_PREFIX, syncCallingLead } from '../webhooks/processing.ts'
import { assertMayActOnCall } from './access.ts'
import { withCallEvents } from '../gamification/call-events.ts'
import { ongoingCallOf, untaggedCallOf } from './state.ts'
import { currentCallOf, leadPath } from './current.ts'
import { blockingRedirect, heldLeadOf } from '../leads/assignment.ts'
import { isWorkableLead } from '../leads/pick-rule.ts'
import { findVisibleLead, leadNotFound, mayActOnLead, mayReadLead } from '../leads/access.ts'
import { CALL_ALREADY_TAGGED } from '../leads/outcome-call.ts'

export type CallsContext = {
  db: Db
  telephony: Pick<Telephony, 'provider' | 'simulator' | 'idle' | 'context'>
  /** The company's Aircall numbers (cached, server/domain/calls/numbers-cache.ts). */
  numbers: () => Promise<AircallNumber[]>
}

/** The signed-in user (their session's effective role). */
type Actor = typeof users.$inferSelect

export type CallAnswer = { ok: true; callId: number; redirect?: string }

/** `missed_reason` of an inbound call its agent refused from the app. */
export const DECLINED_REASON = 'agent_declined'

const LEAD_NOT_WORKABLE =
  'Ce lead n’est pas disponible : il est expiré, clos ou attend un rendez-vous imposé.'

/** The agent's screens follow: their calling lead, then their current call. */
async function announce(ctx: CallsContext, userId: number, callId: number, status: string) {
  await syncCallingLead(ctx.telephony.context, userId)
  await ctx.telephony.context.publishCall(userId, callId, status)
}

async function callToActOn(db: Db, user: Actor, callId: number) {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId))
  return assertMayActOnCall(db, user, call)
}

export async function startOutbound(
  ctx: CallsContext,
  user: Actor,
  input: StartOutboundBody,
): Promise<CallAnswer> {
  const { db, telephony } = ctx
  if (!isCallCapable(user)) throw errors.forbidden('Votre rôle ne permet pas de passer des appels.')
  const aircallUserId = user.aircallId
  if (aircallUserId === null)
    throw errors.forbidden('Votre compte n’est pas relié à la téléphonie : demandez-le à un administrateur.')
  const { lead } = await findVisibleLead(db, user, input.leadId)
  if (lead.processingUserId !== user.id)
    throw errors.forbidden('Ce lead n’est pas en cours de traitement par vous.')
  // Issue #12: the mission's calling rules (hours, quiet period, attempts) allow this call now.
  await assertMayCallNow(db, lead)
  // Only a number of the lead is ever dialled: the client names which one, never the digits.
  const secondary = input.phone === 'secondary'
  const phone = secondary ? lead.secondaryPhone : lead.phone
  if (!phone) throw errors.invalid('Ce lead n’a pas de second numéro de téléphone.')
  const to = toE164(phone)
  if (!to)
    throw errors.invalid(
      secondary
        ? 'Le second numéro du lead n’est pas un numéro de téléphone valide.'
        : 'Le numéro du lead n’est pas un numéro de téléphone valide.',
    )
  const numberId = input.numberId ?? (await ctx.numbers())[0]?.id
  if (!numberId) throw new HttpError(502, 'TELEPHONY_ERROR', 'Aucun numéro Aircall disponible pour appeler.')
  // The user's row is locked so that two tabs starting a call at once make one call.
  const call = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
    if (await ongoingCallOf(tx, user.id)) throw errors.conflict('Un appel est déjà en cours.')
    const now = new Date()
    // Aircall answers 204 without an id: this row waits for its call.created, which ties it by agent,
    // destination and start time (server/domain/webhooks/processing.ts, tieOutbound).
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
    await telephony.provider.startOutbound({ aircallUserId, numberId, to })
  } catch (error) {
    await db.delete(calls).where(eq(calls.id, call.id))
    throw error
  }
  await announce(ctx, user.id, call.id, 'initial')
  return { ok: true, callId: call.id }
}

export async function answerInbound(
  ctx: CallsContext,
  user: Actor,
  input: InboundAnswerBody,
): Promise<CallAnswer> {
  const { db, telephony } = ctx
  const call = await ongoingCallOf(db, user.id)
  if (!call || call.direction !== 'inbound') throw errors.notFound('Aucun appel entrant en cours.')
  // The detected lead counts only if the user may see it (server/domain/leads/access.ts): a caller
  // matching a lead of another mission is answered as an unknown caller.
  const concerned = call.leadId ?? call.detectedLeadId
  const leadId = concerned !== null && (await mayReadLead(db, user, concerned)) ? concerned : null
  if (!input.bypassUntaggedLeadCheck) {
    const untagged = await untaggedCallOf(db, user.id)
    if (untagged) {
      const path = await leadPath(db, untagged.leadId ?? untagged.detectedLeadId)
      throw new HttpError(403, 'UNTAGGED_CALL', 'Un appel précédent n’a pas été taggé.', {
        redirect: blockingRedirect(path, 'UNTAGGED_CALL'),
      })
    }
  }
  if (!input.bypassProcessingLeadCheck) {
    const held = await heldLeadOf(db, user.id)
    if (held && held.id !== leadId)
      throw new HttpError(403, 'UNFINISHED_PROCESSING_LEAD', 'Vous avez un lead en cours de traitement.', {
        redirect: blockingRedirect(appUrls.lead(held.uuid), 'UNFINISHED_PROCESSING_LEAD'),
      })
  }
  if (leadId !== null && leadId !== call.leadId)
    await db.update(calls).set({ leadId, updatedAt: new Date() }).where(eq(calls.id, call.id))
  if (telephony.simulator && !call.answeredAt) {
    telephony.simulator.act({ ...call, leadId }, 'answer', user.aircallId)
    await telephony.idle()
  }
  await syncCallingLead(telephony.context, user.id)
  await telephony.context.publishCall(user.id, call.id, (await currentCallOf(db, user.id)).status)
  return { ok: true, callId: call.id, redirect: await leadPath(db, leadId) }
}

/**
 * The agent refuses their ringing inbound call (issue #11). Aircall's Public API has no decline for
 * an agent (the agent declines in Aircall's phone, reported as call.agent_declined), so the refusal
 * is ours: the call ends for the agent now as `missed` with reason `agent_declined`, like a call they
 * did not answer (so a caller matching a lead still gets an outcome: docs/domain.md "Call state").
 * On the simulator the simulated call stops ringing.
 */
export async function declineInbound(ctx: CallsContext, user: Actor, callId: number): Promise<CallAnswer> {
  const { db, telephony } = ctx
  const call = await ongoingCallOf(db, user.id)
  if (!call || call.direction !== 'inbound' || call.id !== callId)
    throw errors.notFound('Aucun appel entrant en cours.')
  if (call.answeredAt)
    throw errors.conflict('Cet appel est déjà décroché : terminez-le depuis la barre d’appel.')
  const now = new Date()
  // Conditional, so an answer that lands meanwhile is never overtaken. A declined call ends
  // unanswered: it breaks the answered-call series (issue #14), in the same transaction.
  const declined = await db.transaction((tx) =>
    withCallEvents(tx as unknown as Db, async () => {
      const [after] = await tx
        .update(calls)
        .set({
          status: 'missed',
          missedReason: DECLINED_REASON,
          endedAt: now,
          sourceUpdatedAt: now,
          updatedAt: now,
        })
        .where(and(eq(calls.id, call.id), isNull(calls.answeredAt), isNull(calls.endedAt)))
        .returning()
      return { before: call, after: after ?? call }
    }),
  )
  if (declined.after === call)
    throw errors.conflict('Cet appel est déjà décroché : terminez-le depuis la barre d’appel.')
  await telephony.context.gamified?.(declined.earned)
  await telephony.provider.hangup?.(call.providerCallId)
  await announce(ctx, user.id, call.id, 'missed')
  return { ok: true, callId: call.id }
}

export async function forceEnd(ctx: CallsContext, user: Actor, callId: number): Promise<CallAnswer> {
  const { db, telephony } = ctx
  const call = await callToActOn(db, user, callId)
  if (call.endedAt) return { ok: true, callId: call.id }
  const now = new Date()
  // A later provider event (newer timestamp) may still complete it; an older one cannot reopen it.
  // Read locked: the state decided here is the one written. Ended unanswered, it breaks the
  // answered-call series (issue #14), in the same transaction.
  const ended = await db.transaction((tx) =>
    withCallEvents(tx as unknown as Db, async () => {
      const [before] = await tx.select().from(calls).where(eq(calls.id, call.id)).for('update')
      if (!before || before.endedAt) return { before: before ?? call, after: before ?? call }
      const [after] = await tx
        .update(calls)
        .set({
          status: before.answeredAt ? 'ended' : 'missed',
          endedAt: now,
          sourceUpdatedAt: now,
          updatedAt: now,
        })
        .where(eq(calls.id, call.id))
        .returning()
      return { before, after: after! }
    }),
  )
  if (ended.before === ended.after) return { ok: true, callId: call.id }
  await telephony.context.gamified?.(ended.earned)
  const { status } = ended.after
  await telephony.provider.hangup?.(call.providerCallId)
  if (call.userId) await announce(ctx, call.userId, call.id, status)
  return { ok: true, callId: call.id }
}

export async function linkLead(
  ctx: CallsContext,
  user: Actor,
  input: { callId: number; leadId: number },
): Promise<CallAnswer> {
  const { db } = ctx
  const call = await callToActOn(db, user, input.callId)
  // docs/domain.md "Calls" (Link lead): a lead the user sees, held by them or free for a
  // teleoperator; a tagged call keeps the lead of its outcome.
  const { lead } = await findVisibleLead(db, user, input.leadId)
  if (!mayActOnLead(user, lead, { takesFreeLead: true })) throw errors.forbidden(messages.leadHeldByOther)
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
  if (call.userId) await announce(ctx, call.userId, call.id, call.status)
  return { ok: true, callId: call.id, redirect: await leadPath(db, lead.id) }
}
