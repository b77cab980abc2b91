// A lead's history (docs/domain.md "Leads", Reading): its events newest first (500 at most) with
// who made them and, for an outcome, the call it belongs to (issue #11); a call on the lead that no
// outcome tells of (missed, unanswered, or still awaiting its outcome) is an entry of its own.
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { LeadEvent, LeadEventCall } from '../../../src/contracts/lead.ts'
import type { Db } from '../../db/client.ts'
import { calls, leadEvents, users } from '../../db/schema.ts'

const HISTORY_LIMIT = 500

type CallRow = Pick<typeof calls.$inferSelect, 'id' | 'direction' | 'startedAt' | 'answeredAt' | 'endedAt'>

/** What the history says of a call: answered, missed (ended unanswered) or ongoing, and its talk time. */
export function callSummary(call: CallRow): LeadEventCall {
  const outcome = call.endedAt === null ? 'ongoing' : call.answeredAt === null ? 'missed' : 'answered'
  const durationSeconds =
    call.answeredAt && call.endedAt
      ? Math.max(0, Math.round((call.endedAt.getTime() - call.answeredAt.getTime()) / 1000))
      : null
  return {
    id: call.id,
    direction: call.direction,
    outcome,
    startedAt: call.startedAt.toISOString(),
    durationSeconds,
  }
}

const positiveInt = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null

export async function loadLeadHistory(db: Db, leadId: number): Promise<LeadEvent[]> {
  const rows = await db
    .select({
      event: leadEvents,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.userId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id))
    .limit(HISTORY_LIMIT)

  // An outcome names its call (`callId`); a correction names the lead tag, whose call is the one
  // the calls table points back to (`calls.lead_tag_id`).
  const callIds = new Set<number>()
  const leadTagIds = new Set<number>()
  for (const { event } of rows) {
    if (event.kind !== 'tag') continue
    const callId = positiveInt(event.data.callId)
    const leadTagId = positiveInt(event.data.leadTagId)
    if (callId) callIds.add(callId)
    else if (leadTagId) leadTagIds.add(leadTagId)
  }
  const conditions = [
    ...(callIds.size ? [inArray(calls.id, [...callIds])] : []),
    ...(leadTagIds.size ? [inArray(calls.leadTagId, [...leadTagIds])] : []),
  ]
  const callRows = conditions.length
    ? await db
        .select({
          id: calls.id,
          direction: calls.direction,
          startedAt: calls.startedAt,
          answeredAt: calls.answeredAt,
          endedAt: calls.endedAt,
          leadTagId: calls.leadTagId,
        })
        .from(calls)
        .where(or(...conditions))
    : []
  const byId = new Map(callRows.map((call) => [call.id, call]))
  const byLeadTag = new Map(
    callRows.filter((call) => call.leadTagId !== null).map((call) => [call.leadTagId!, call]),
  )

  const told = new Set<number>([...byId.keys(), ...[...byLeadTag.values()].map((call) => call.id)])
  const callEntries = (await callsWithoutOutcome(db, leadId))
    .filter(({ call }) => !told.has(call.id))
    .map(({ call, user }): LeadEvent => ({
      id: call.id,
      kind: 'call',
      data: {},
      createdAt: call.startedAt.toISOString(),
      user: user?.id ? user : null,
      call: callSummary(call),
    }))

  const entries = rows.map(({ event, user }): LeadEvent => {
    let call: CallRow | undefined
    if (event.kind === 'tag') {
      const callId = positiveInt(event.data.callId)
      const leadTagId = positiveInt(event.data.leadTagId)
      call = callId ? byId.get(callId) : leadTagId ? byLeadTag.get(leadTagId) : undefined
    }
    return {
      id: event.id,
      kind: event.kind,
      data: event.data,
      createdAt: event.createdAt.toISOString(),
      user: user?.id ? user : null,
      call: call ? callSummary(call) : null,
    }
  })
  if (callEntries.length === 0) return entries
  // Newest first, the events' order; at equal times the event (an outcome) after its call.
  return [...entries, ...callEntries]
    .sort(
      (a, b) =>
        b.createdAt.localeCompare(a.createdAt) || (a.kind === 'call' ? 1 : 0) - (b.kind === 'call' ? 1 : 0),
    )
    .slice(0, HISTORY_LIMIT)
}

/** The lead's calls that have no outcome (their own entries), newest first. */
async function callsWithoutOutcome(db: Db, leadId: number) {
  return db
    .select({
      call: {
        id: calls.id,
        direction: calls.direction,
        startedAt: calls.startedAt,
        answeredAt: calls.answeredAt,
        endedAt: calls.endedAt,
      },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(calls)
    .leftJoin(users, eq(users.id, calls.userId))
    .where(
      and(
        or(eq(calls.leadId, leadId), and(isNull(calls.leadId), eq(calls.detectedLeadId, leadId))),
        isNull(calls.leadTagId),
      ),
    )
    .orderBy(desc(calls.startedAt))
    .limit(HISTORY_LIMIT)
}
