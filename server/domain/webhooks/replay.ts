// Replay of a delivery whose processing failed (issue #15 "Telephony webhook status", docs/domain.md
// "Telephony webhook status"): the administrator's button runs the same processing again.
import { and, eq, sql } from 'drizzle-orm'
import { aircallWebhookBodySchema, type TelephonyProviderName } from '../../../src/contracts/call.ts'
import type { WebhookDelivery } from '../../../src/contracts/webhooks.ts'
import { webhookEvents } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { applyDelivery, isStale, type Outcome, type ProcessingContext } from './processing.ts'
import { deliveryOf } from './status.ts'

export type ReplayResult = 'missing' | 'not-failed' | 'stale' | Outcome

/**
 * Re-runs processing of a delivery whose processing failed (issue #15), from its recorded payload
 * (the token is redacted there; it was checked on reception). Only an 'error' delivery is replayed,
 * and it is claimed first (error → processed in one statement), so two replays at once apply it once.
 */
export async function replayDelivery(ctx: ProcessingContext, id: number): Promise<ReplayResult> {
  const [claimed] = await ctx.db
    .update(webhookEvents)
    .set({ outcome: 'processed', error: null })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.outcome, 'error')))
    .returning({ provider: webhookEvents.provider, payload: webhookEvents.payload })
  if (!claimed) {
    const [row] = await ctx.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, id))
    return row ? 'not-failed' : 'missing'
  }
  const parsed = aircallWebhookBodySchema.safeParse(claimed.payload)
  if (!parsed.success) {
    await ctx.db
      .update(webhookEvents)
      .set({ outcome: 'error', error: 'Charge utile illisible.', processedAt: sql`now()` })
      .where(eq(webhookEvents.id, id))
    return 'error'
  }
  // The same age limit as on reception (issue #17): a replay never applies a too-old event.
  if (isStale(parsed.data.timestamp, ctx.maxEventAgeMs)) {
    await ctx.db.update(webhookEvents).set({ outcome: 'stale' }).where(eq(webhookEvents.id, id))
    return 'stale'
  }
  return applyDelivery(ctx, claimed.provider as TelephonyProviderName, parsed.data, id)
}

/**
 * POST /api/webhooks/deliveries/{id}/replay: replays a failed delivery and answers it as it is now;
 * 404 for an unknown one, 409 for one whose processing did not fail.
 */
export async function replayFailedDelivery(
  ctx: ProcessingContext,
  id: number,
): Promise<{ result: ReplayResult; delivery: WebhookDelivery }> {
  const result = await replayDelivery(ctx, id)
  if (result === 'missing') throw errors.notFound('Réception introuvable.')
  if (result === 'not-failed')
    throw errors.conflict('Seule une réception dont le traitement a échoué peut être rejouée.')
  const [row] = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))
  return { result, delivery: deliveryOf(row!) }
}
