// How one provider event changes a call row, without the database (issue #4 "Telephony";
// server/domain/webhooks/processing.ts applies it). Delivery is at least once and unordered, so a
// call never moves back to an earlier state, a known agent is never erased, and a later event only
// fills what an earlier one left unknown.
import type { AircallCall, CallStatus } from '../../../src/contracts/call.ts'
import type { calls } from '../../db/schema.ts'

type CallRow = typeof calls.$inferSelect

/** Rank of each state: a call only moves forward (ended and missed are terminal). */
const RANK: Record<CallStatus, number> = {
  initial: 0,
  ringing: 1,
  answered: 2,
  voicemail: 3,
  ended: 4,
  missed: 4,
}

export function isTerminal(status: string): boolean {
  return status === 'ended' || status === 'missed'
}

/** The state an event announces. */
export function statusOf(event: string, call: AircallCall): CallStatus {
  switch (event) {
    case 'call.created':
      return 'initial'
    case 'call.ringing_on_agent':
      return 'ringing'
    case 'call.answered':
      return 'answered'
    case 'call.voicemail_left':
      return 'voicemail'
    default:
      // call.hungup (provisional) and call.ended (final): missed when nobody answered.
      return call.answered_at ? 'ended' : 'missed'
  }
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

export type NextCall = Omit<
  typeof calls.$inferInsert,
  'provider' | 'providerCallId' | 'id' | 'createdAt' | 'updatedAt'
> & {
  userId: number | null
  leadId: number | null
  detectedLeadId: number | null
  answeredAt: Date | null
  endedAt: Date | null
}

/** The row after `event` (dated `eventAt`) on top of `existing` (none for a call not yet known). */
export function merge(
  existing: CallRow | undefined,
  call: AircallCall,
  event: string,
  eventAt: Date,
  agentId: number | null,
  phone: string | null,
): NextCall {
  const status = statusOf(event, call)
  const current = existing?.status as CallStatus | undefined
  const advances =
    !existing ||
    RANK[status] > RANK[current ?? 'initial'] ||
    (RANK[status] === RANK[current ?? 'initial'] && eventAt >= existing.sourceUpdatedAt)
  const answeredAt = existing?.answeredAt ?? toDate(call.answered_at)
  let nextStatus: CallStatus = advances ? status : (current ?? status)
  let endedAt = existing?.endedAt ?? toDate(call.ended_at)
  if (isTerminal(nextStatus)) {
    nextStatus = answeredAt ? 'ended' : 'missed'
    endedAt ??= eventAt
  }
  return {
    direction: existing?.direction ?? call.direction,
    status: nextStatus,
    // A later event without `user` (Aircall leaves it out of some events) never erases the agent.
    userId: agentId ?? existing?.userId ?? null,
    leadId: existing?.leadId ?? null,
    detectedLeadId: existing?.detectedLeadId ?? null,
    phoneNumber: existing?.phoneNumber ?? phone ?? call.raw_digits ?? 'anonymous',
    numberId: existing?.numberId ?? (call.number ? String(call.number.id) : null),
    startedAt: existing?.startedAt ?? toDate(call.started_at) ?? eventAt,
    answeredAt,
    endedAt,
    missedReason: existing?.missedReason ?? call.missed_call_reason ?? null,
    sourceUpdatedAt: existing && existing.sourceUpdatedAt > eventAt ? existing.sourceUpdatedAt : eventAt,
  }
}

/** Whether applying `next` would change the stored row (dates compared by instant). */
export function changed(existing: CallRow, next: NextCall): boolean {
  return (Object.keys(next) as (keyof NextCall)[]).some((key) => {
    const a = existing[key]
    const b = next[key]
    return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b
  })
}
