// Telephony events → calls rows (issue #4 "Telephony"). Aircall's webhooks and the simulator's
// synthetic events both end here. Aircall delivers at least once and unordered, leaves `user` out of
// some call events (early inbound ringing, decline, hangup) and answers an outbound start with no
// call id. So: every delivery is recorded once (dedupe key), calls are upserted by (provider,
// provider call id), and each event is merged by the pure rules of server/domain/calls/merge.ts
// (forward-only state, a known agent never erased, gaps filled only).
import { createHash, randomUUID } from 'node:crypto'
import { and, desc, eq, isNull, like, ne, or, sql } from 'drizzle-orm'
import {
  AIRCALL_CALL_EVENTS,
  aircallCallSchema,
  type AircallCall,
  type AircallWebhookBody,
  type TelephonyProviderName,
} from '../../../src/contracts/call.ts'
import type { Db } from '../../db/client.ts'
import { calls, leads, markets, users, webhookEvents } from '../../db/schema.ts'
import { changed, merge } from '../calls/merge.ts'
import { withCallEvents, type Earned } from '../gamification/call-events.ts'
import { visibleLeadsCondition } from '../leads/access.ts'
import { toE164 } from '../../../src/contracts/phone.ts'
import { dedupeEventOf, isMessageEvent, processMessageEvent } from '../sms/message-events.ts'

/** Prefix of the provider call id of an outbound call we started and Aircall has not named yet. */
export const PENDING_PREFIX = 'pending:'
/** An outbound call.created is tied to our pending call when they started within this window. */
export const OUTBOUND_TIE_WINDOW_SECONDS = 120

type CallRow = typeof calls.$inferSelect
export type Outcome = 'processed' | 'ignored' | 'error'

/** Clock skew tolerated for an event dated in the future (Aircall's clock against ours). */
export const MAX_FUTURE_SKEW_MS = 5 * 60_000

/**
 * Too old to apply (issue #17), or dated more than a few minutes ahead: such an event would win the
 * out-of-order comparison against every real event of the call that follows it.
 */
export function isStale(timestampSeconds: number, maxAgeMs: number | undefined, now = Date.now()) {
  const age = now - timestampSeconds * 1000
  return age < -MAX_FUTURE_SKEW_MS || (maxAgeMs !== undefined && age > maxAgeMs)
}

export type ProcessingContext = {
  db: Db
  /** Live signal to the agent: their current call changed. */
  publishCall: (userId: number, callId: number, status: string) => Promise<void>
  /** The agent's row changed (callingLeadId): caches and live authorisations follow. */
  userChanged: (userId: number) => Promise<void>
  /**
   * An inbound call started ringing for an agent (issue #5: alerts their hidden tab or closed app).
   * Called once per call and agent; must not throw nor wait for the alert to be delivered.
   */
  inboundRinging?: (call: CallRow & { userId: number }) => void
  /**
   * Events older than this (by their `timestamp`) are recorded as stale and not applied (issue #17:
   * a replayed year-old event must not change a call). AIRCALL_WEBHOOK_MAX_AGE_HOURS; none if unset.
   */
  maxEventAgeMs?: number
  /** Issue #14: what answered or missed calls earned, once committed (gamification/announce.ts). */
  gamified?: (earned: Earned[]) => Promise<void>
}

export function dedupeKey(event: string, providerCallId: string | null, timestamp: number): string {
  return createHash('sha256')
    .update(JSON.stringify([event, providerCallId, timestamp]))
    .digest('hex')
}

function redact(body: AircallWebhookBody): Record<string, unknown> {
  return body.token === undefined ? { ...body } : { ...body, token: '[redacted]' }
}

/** Records one delivery, then applies it unless it is a duplicate or stale. Never throws for bad data. */
export async function handleWebhook(
  ctx: ProcessingContext,
  provider: TelephonyProviderName,
  body: AircallWebhookBody,
): Promise<void> {
  const rawId = (body.data as { id?: unknown } | null | undefined)?.id
  const providerCallId = typeof rawId === 'number' || typeof rawId === 'string' ? String(rawId) : null
  // Issue #15: a message's status updates share its id and may share a second.
  const key = dedupeKey(dedupeEventOf(body), providerCallId, body.timestamp)
  const record = { provider, event: body.event, providerCallId, payload: redact(body) }
  const stale = isStale(body.timestamp, ctx.maxEventAgeMs)
  const [inserted] = await ctx.db
    .insert(webhookEvents)
    .values({ ...record, dedupeKey: key, outcome: stale ? 'stale' : 'processed' })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id })
  if (!inserted) {
    // The dedupe key is unique: a duplicate is kept under a key of its own, for the status page.
    await ctx.db
      .insert(webhookEvents)
      .values({ ...record, dedupeKey: `${key}:duplicate:${randomUUID()}`, outcome: 'duplicate' })
    return
  }
  if (stale) return
  await applyDelivery(ctx, provider, body, inserted.id)
}

/**
 * Applies one recorded delivery and records how it ended and when (issue #15: the status page's lag).
 * The first processing and a replay of a failed one (replayDelivery) both go through here.
 */
export async function applyDelivery(
  ctx: ProcessingContext,
  provider: TelephonyProviderName,
  body: AircallWebhookBody,
  id: number,
): Promise<Outcome> {
  let outcome: Outcome
  let error: string | null = null
  try {
    outcome = await processEvent(ctx, provider, body)
  } catch (caught) {
    outcome = 'error'
    error = caught instanceof Error ? caught.message.slice(0, 500) : String(caught)
  }
  await ctx.db
    .update(webhookEvents)
    .set({ outcome, error, processedAt: sql`now()` })
    .where(eq(webhookEvents.id, id))
  return outcome
}

async function findAgent(db: Db, call: AircallCall) {
  const aircallUserId = call.user?.id
  if (!aircallUserId) return undefined
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.aircallId, aircallUserId))
  return agent
}

/**
 * The lead whose phone matches an inbound caller: the agent's own lead first, then the newest. Once
 * the agent is known, only among the leads that agent may see (issue #17: the one lead-access rule),
 * so a call never ties an agent to a lead of another mission.
 */
async function detectLead(db: Db, phone: string, agentId: number | null): Promise<number | null> {
  const [agent] = agentId
    ? await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, agentId))
    : []
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(
      and(
        or(eq(leads.phone, phone), eq(leads.secondaryPhone, phone)),
        agent ? visibleLeadsCondition(db, agent) : undefined,
      ),
    )
    .orderBy(
      ...(agent ? [sql`(${leads.processingUserId} = ${agent.id}) desc nulls last`] : []),
      desc(leads.updatedAt),
      desc(leads.id),
    )
    .limit(1)
  return lead?.id ?? null
}

async function processEvent(
  ctx: ProcessingContext,
  provider: TelephonyProviderName,
  body: AircallWebhookBody,
): Promise<Outcome> {
  if (isMessageEvent(body.event)) return processMessageEvent(ctx.db, provider, body)
  if (!(AIRCALL_CALL_EVENTS as readonly string[]).includes(body.event)) return 'ignored'
  const parsed = aircallCallSchema.safeParse(body.data)
  if (!parsed.success)
    throw new Error(`Données d’appel illisibles : ${parsed.error.issues[0]?.message ?? ''}`)
  const call = parsed.data
  const eventAt = new Date(body.timestamp * 1000)
  const agent = await findAgent(ctx.db, call)
  const phone = toE164(call.raw_digits)
  const providerCallId = String(call.id)

  // One transaction: the call's change and what it earns (issue #14, gamification/call-events.ts).
  const upsert = async (tx: Db) => {
    const byId = () =>
      tx
        .select()
        .from(calls)
        .where(and(eq(calls.provider, provider), eq(calls.providerCallId, providerCallId)))
        .for('update')
    let [existing] = await byId()
    if (!existing && call.direction === 'outbound' && agent && phone)
      existing = await tieOutbound(tx, provider, providerCallId, agent.id, phone, call, eventAt)
    const next = merge(existing, call, body.event, eventAt, agent?.id ?? null, phone)
    // Detected without an agent (call.created), detected again once the agent is known.
    const agentIsNew = next.userId !== null && next.userId !== existing?.userId
    if (next.direction === 'inbound' && !next.leadId && phone && (!next.detectedLeadId || agentIsNew))
      next.detectedLeadId = await detectLead(tx, phone, next.userId)
    // An answered inbound call from a known lead's number is a call with that lead.
    if (next.direction === 'inbound' && !next.leadId && next.detectedLeadId && next.answeredAt)
      next.leadId = next.detectedLeadId
    if (!existing) {
      const [row] = await tx
        .insert(calls)
        .values({ provider, providerCallId, ...next })
        .onConflictDoNothing()
        .returning()
      if (row) return { before: undefined, after: row }
      // Another process inserted it meanwhile: apply on top of its row.
      ;[existing] = await byId()
      if (!existing) throw new Error('Appel introuvable après insertion concurrente.')
      Object.assign(next, merge(existing, call, body.event, eventAt, agent?.id ?? null, phone))
    }
    if (!changed(existing, next)) return { before: existing, after: existing }
    const [row] = await tx
      .update(calls)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(calls.id, existing.id))
      .returning()
    return { before: existing, after: row! }
  }
  const result = await ctx.db.transaction((tx) =>
    withCallEvents(tx as unknown as Db, () => upsert(tx as unknown as Db)),
  )
  if (result.earned.length) await ctx.gamified?.(result.earned)
  if (result.before && result.before === result.after) return 'ignored'
  await applyAgentEffects(ctx, result.before, result.after)
  return 'processed'
}

/**
 * Aircall answers an outbound start with 204 and no call id, so the call is tied to our
 * start-outbound call: same agent and destination, nearest in time.
 */
async function tieOutbound(
  tx: Db,
  provider: TelephonyProviderName,
  providerCallId: string,
  userId: number,
  phone: string,
  call: AircallCall,
  eventAt: Date,
): Promise<CallRow | undefined> {
  const startedSeconds = call.started_at ?? Math.floor(eventAt.getTime() / 1000)
  const distance = sql`abs(extract(epoch from ${calls.startedAt}) - ${startedSeconds})`
  const [pending] = await tx
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.provider, provider),
        like(calls.providerCallId, `${PENDING_PREFIX}%`),
        eq(calls.userId, userId),
        eq(calls.direction, 'outbound'),
        eq(calls.phoneNumber, phone),
        call.number ? or(isNull(calls.numberId), eq(calls.numberId, String(call.number.id))) : undefined,
        sql`${distance} <= ${OUTBOUND_TIE_WINDOW_SECONDS}`,
      ),
    )
    .orderBy(distance)
    .limit(1)
    .for('update', { skipLocked: true })
  if (!pending) return undefined
  const [tied] = await tx.update(calls).set({ providerCallId }).where(eq(calls.id, pending.id)).returning()
  return tied
}

/** users.callingLeadId follows the agent's ongoing call; the agent's screens are told of each change. */
async function applyAgentEffects(ctx: ProcessingContext, before: CallRow | undefined, after: CallRow) {
  if (before?.userId && before.userId !== after.userId) await syncCallingLead(ctx, before.userId)
  if (!after.userId) return
  await syncCallingLead(ctx, after.userId)
  const visible = ['status', 'leadId', 'detectedLeadId', 'userId', 'answeredAt', 'endedAt'] as const
  if (!before || visible.some((k) => String(before[k]) !== String(after[k])))
    await ctx.publishCall(after.userId, after.id, after.status)
  const ringing = (call: CallRow | undefined) => call?.direction === 'inbound' && call.status === 'ringing'
  if (ringing(after) && !(ringing(before) && before!.userId === after.userId))
    ctx.inboundRinging?.({ ...after, userId: after.userId })
}

/** Sets users.callingLeadId to the lead of the user's newest ongoing call (null when none). */
export async function syncCallingLead(ctx: Pick<ProcessingContext, 'db' | 'userChanged'>, userId: number) {
  const [ongoing] = await ctx.db
    .select({ leadId: calls.leadId })
    .from(calls)
    .where(and(eq(calls.userId, userId), isNull(calls.endedAt)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(1)
  const leadId = ongoing?.leadId ?? null
  const updated = await ctx.db
    .update(users)
    .set({ callingLeadId: leadId })
    .where(
      and(
        eq(users.id, userId),
        leadId === null
          ? sql`${users.callingLeadId} is not null`
          : or(isNull(users.callingLeadId), ne(users.callingLeadId, leadId)),
      ),
    )
    .returning({ id: users.id })
  if (updated.length) await ctx.userChanged(userId)
}
