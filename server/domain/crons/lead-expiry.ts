// Lead expiry (issue #15 "Scheduled jobs", docs/domain.md "Scheduled jobs"). An expired lead already
// leaves the queues by itself: find and pick never hand one out (server/domain/leads/pick-rule.ts).
// What is left is an expired lead still held by an agent who walked away from it: the agent cannot
// take another lead until it is freed (UNFINISHED_PROCESSING_LEAD). This frees an expired lead held
// for more than HELD_LONG_MINUTES when no call of the holder on it is ongoing or untagged, and writes
// it in the lead's history (`assignment` event, reason `expired`). Idempotent: a freed lead is no
// longer held; each lead is re-read under its row lock before it is freed.
import { sql } from 'drizzle-orm'
import { HELD_LONG_MINUTES } from '../../../src/contracts/follow-up.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { leads } from '../../db/schema.ts'
import { releaseLead } from '../leads/assignment.ts'
import { hasPendingCall } from '../leads/release.ts'

/** Leads freed per run at most (the next run takes the rest). */
const BATCH = 200

export const EXPIRED_RELEASE_COMMENT = 'Lead expiré : libéré automatiquement.'

export type FreedLead = { id: number; uuid: string; userId: number }

export async function releaseExpiredLeads(db: Db, now: Date): Promise<FreedLead[]> {
  const heldSince = new Date(now.getTime() - HELD_LONG_MINUTES * 60_000)
  const candidates = rowsOf<{ id: number; uuid: string; user_id: number }>(
    await db.execute(sql`
      select l.id, l.uuid, l.processing_user_id as user_id
      from leads l join markets mk on mk.id = l.market_id join missions m on m.id = mk.mission_id
      where l.processing_user_id is not null and l.processing_since < ${heldSince}
        and l.meet_request_date + make_interval(days => m.lead_processing_duration_days) <= ${now}
      order by l.id
      limit ${BATCH}`),
  )
  const freed: FreedLead[] = []
  for (const candidate of candidates) {
    const released = await db.transaction(async (tx) => {
      // Locked and re-read: an outcome, an unassign or another process may have freed it meanwhile.
      const [locked] = await tx
        .select({ processingUserId: leads.processingUserId })
        .from(leads)
        .where(sql`${leads.id} = ${candidate.id}`)
        .for('update')
      if (locked?.processingUserId !== candidate.user_id) return false
      if (await hasPendingCall(tx, candidate.user_id, candidate.id)) return false
      await releaseLead(tx, candidate.user_id, candidate.id, 'expired', { comment: EXPIRED_RELEASE_COMMENT })
      return true
    })
    if (released) freed.push({ id: candidate.id, uuid: candidate.uuid, userId: candidate.user_id })
  }
  return freed
}
