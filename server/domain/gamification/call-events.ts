// What a change of a call row means to the gamification (docs/domain.md "Gamification"): it was
// answered (by the agent it belongs to), or it ended without anyone answering.
import type { Db } from '../../db/client.ts'
import type { calls } from '../../db/schema.ts'
import { recordEvent, type Earned } from './engine.ts'

export type { Earned }
import type { GamificationEvent } from './types.ts'

type CallRow = typeof calls.$inferSelect

export function callEvents(before: CallRow | undefined, after: CallRow): GamificationEvent[] {
  if (after.userId === null) return []
  const base = { userId: after.userId, callId: after.id }
  if (after.answeredAt && (!before?.answeredAt || before.userId !== after.userId))
    return [{ kind: 'call-answered', ...base, startedAt: after.startedAt }]
  if (after.endedAt && !after.answeredAt && !before?.endedAt) return [{ kind: 'call-missed', ...base }]
  return []
}

/**
 * In the transaction of the call's change; the answered call's ledger row makes it count once. For
 * a change written without `withCallEvents` (a bulk update), `before` is the row as it was.
 */
export async function recordCallEvents(tx: Db, before: CallRow | undefined, after: CallRow) {
  const earned: Earned[] = []
  for (const event of callEvents(before, after)) {
    const result = await recordEvent(tx, event)
    if (result) earned.push(result)
  }
  return earned
}

/** Runs a call change in `tx`, then records what it earned in the same transaction. */
export async function withCallEvents<T extends { before: CallRow | undefined; after: CallRow }>(
  tx: Db,
  change: () => Promise<T>,
): Promise<T & { earned: Earned[] }> {
  const result = await change()
  const moved = result.before !== result.after
  return { ...result, earned: moved ? await recordCallEvents(tx, result.before, result.after) : [] }
}
