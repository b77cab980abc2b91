// A user's call state (spec §3 "Call", §4): the ongoing call and the untagged call, the two call-side
// blocking causes of lead processing. Shared by lead assignment and telephony (docs/domain.md "Leads").
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { calls } from '../../db/schema.ts'

export type CallRow = typeof calls.$inferSelect

/** Spec §4: ongoing = started and not ended. The newest one when (wrongly) several are open. */
export async function ongoingCallOf(db: Db, userId: number): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.userId, userId), isNotNull(calls.startedAt), isNull(calls.endedAt)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(1)
  return row ?? null
}

/** The same rule in SQL: the user has an ongoing call (to fold into a statement that runs anyway). */
export function hasOngoingCallSql(userId: number): SQL {
  return sql`exists (select 1 from ${calls} c
    where c.user_id = ${userId} and c.started_at is not null and c.ended_at is null)`
}

/**
 * An ended call of the user (answered or not) that concerns a lead — linked (`leadId`) or detected
 * from the caller's number (`detectedLeadId`) — and has no lead tag yet. The oldest first, so a user
 * with several tags them in the order they happened. A call concerning no lead is never "untagged".
 */
export async function untaggedCallOf(db: Db, userId: number): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.userId, userId),
        isNotNull(calls.endedAt),
        isNull(calls.leadTagId),
        or(isNotNull(calls.leadId), isNotNull(calls.detectedLeadId)),
      ),
    )
    .orderBy(asc(calls.endedAt), asc(calls.id))
    .limit(1)
  return row ?? null
}

/** The lead a call concerns: the linked one, else the one detected from the caller's number. */
export function leadIdOfCall(call: Pick<CallRow, 'leadId' | 'detectedLeadId'>): number | null {
  return call.leadId ?? call.detectedLeadId
}
