// The call an outcome is recorded on (issue #29, docs/domain.md "Tagging"): the agent's own call on
// the lead that has no outcome yet (ongoing or ended, answered or not). Without one, only a catalogue
// tag marked « sans appel » may be recorded, and it earns nothing (server/domain/leads/tagging.ts).
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import { calls } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertMayActOnCall } from '../calls/access.ts'

/** A call's outcome is recorded once; corrections go through the lead-tag correction route. */
export const CALL_ALREADY_TAGGED = 'Cet appel a déjà une issue.'

export const outcomeCallMessages = {
  callFirst:
    'Appelez d’abord le lead : une issue s’enregistre sur votre appel. Seules les issues « sans appel » s’enregistrent sans appeler.',
  notYourCall: 'Cet appel est celui d’un autre utilisateur : seul celui qui a appelé en enregistre l’issue.',
  leadOrCall: 'Indiquez le lead ou l’appel à tagger.',
} as const

export type CallRow = typeof calls.$inferSelect

/** The user's calls on the lead (placed on it or detected) still without an outcome, oldest first. */
function awaitingOutcome(userId: number, leadId: number) {
  return and(
    eq(calls.userId, userId),
    or(eq(calls.leadId, leadId), eq(calls.detectedLeadId, leadId)),
    isNull(calls.leadTagId),
  )
}

/** The user's oldest call on the lead still waiting for its outcome (ongoing or ended), unlocked. */
export async function callAwaitingOutcome(db: Db, userId: number, leadId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(awaitingOutcome(userId, leadId))
    .orderBy(asc(calls.startedAt), asc(calls.id))
    .limit(1)
  return row?.id ?? null
}

/**
 * The call named by `callId` (one the user may not see is 404, another user's is refused), or the
 * user's oldest call on the lead still without an outcome; null when there is none. The row is
 * locked: a second tagging of the same call waits, then sees the first one's lead tag.
 */
export async function resolveOutcomeCall(
  tx: Db,
  input: { user: { id: number; role: Role }; leadId: number | null; callId: number | null },
): Promise<CallRow | null> {
  if (input.callId !== null) {
    const [row] = await tx.select().from(calls).where(eq(calls.id, input.callId)).for('update')
    const call = await assertMayActOnCall(tx, input.user, row)
    if (call.leadTagId !== null) throw errors.conflict(CALL_ALREADY_TAGGED)
    if (call.userId !== input.user.id) throw errors.forbidden(outcomeCallMessages.notYourCall)
    return call
  }
  if (input.leadId === null) throw errors.invalid(outcomeCallMessages.leadOrCall)
  const [call] = await tx
    .select()
    .from(calls)
    .where(awaitingOutcome(input.user.id, input.leadId))
    .orderBy(asc(calls.startedAt), asc(calls.id))
    .limit(1)
    .for('update')
  return call ?? null
}

/** Refuses an outcome without a call unless its tag is « sans appel » (409, say to call first). */
export function assertOutcomeHasCall(call: CallRow | null, tag: { withoutCall: boolean }): void {
  if (call === null && !tag.withoutCall) throw errors.conflict(outcomeCallMessages.callFirst)
}
