// An outbound call we started waits for the provider's call.created (Aircall answers the start with
// 204 and no call id, so only that event names the call). If none comes within the tie window, the
// call was never placed or its webhooks were lost: left alone it would stay "ongoing" forever and
// block the agent (ONGOING_CALL). It is ended as missed, reason `no_provider_event`, and kept (never
// deleted: if it did happen, the agent still records its outcome). A late call.created then makes a
// call of its own.
import { and, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { calls } from '../../db/schema.ts'
import { recordCallEvents, type Earned } from '../gamification/call-events.ts'
import {
  OUTBOUND_TIE_WINDOW_SECONDS,
  PENDING_PREFIX,
  syncCallingLead,
  type ProcessingContext,
} from '../webhooks/processing.ts'

export const NO_PROVIDER_EVENT = 'no_provider_event'

/**
 * Ends the pending outbound calls older than the tie window; answers how many. Idempotent. Like any
 * call of the agent ending unanswered, each breaks the answered-call series (docs/domain.md
 * "Gamification"), in the same transaction.
 */
export async function expirePendingCalls(ctx: ProcessingContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - OUTBOUND_TIE_WINDOW_SECONDS * 1000)
  const { expired, earned } = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(calls)
      .set({ status: 'missed', endedAt: now, missedReason: NO_PROVIDER_EVENT, updatedAt: now })
      .where(
        and(
          // Written as calls_pending_idx's predicate (a literal), so the planner can use that index.
          sql`${calls.providerCallId} like ${sql.raw(`'${PENDING_PREFIX}%'`)}`,
          isNull(calls.endedAt),
          lt(calls.startedAt, before),
        ),
      )
      .returning()
    const earned: Earned[] = []
    for (const row of rows)
      earned.push(...(await recordCallEvents(tx as unknown as Db, { ...row, endedAt: null }, row)))
    return { expired: rows, earned }
  })
  if (earned.length) await ctx.gamified?.(earned)
  for (const call of expired) {
    if (call.userId === null) continue
    await syncCallingLead(ctx, call.userId)
    await ctx.publishCall(call.userId, call.id, call.status)
  }
  return expired.length
}
