// Who may pick which lead (docs/domain.md "Leads", Pick): the one rule behind POST
// /api/lead/search/pick/{leadId} (server/domain/leads/assignment.ts) and the `canPick` of each search
// result (server/domain/leads/search.ts), as SQL over `leads l` joined with its mission `m`.
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'
import type { Role } from '../../../src/contracts/roles.ts'
import type { ParisClock } from '../../../src/contracts/calling-rules.ts'
import { callingRefusalSql } from '../calls/calling-rules.ts'

/** Not expired: meetRequestDate + the mission's leadProcessingDurationDays is still ahead. */
const NOT_EXPIRED = sql`l.meet_request_date + make_interval(days => m.lead_processing_duration_days) > now()`
/** An open status (the final ones are never handed out again). */
const OPEN = sql`l.status in ('NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE')`
/** Not waiting for a forced appointment (set by a manager). */
const NOT_WAITING = sql`l.substatus is distinct from 'WAITING_FOR_FORCED_RDV'`

/**
 * A lead one may still work: not expired, open, not waiting for a forced appointment. The rule of
 * pick, and of linking a call to a free lead (server/routes/calls/index.ts).
 */
export const WORKABLE = sql`${NOT_EXPIRED} and ${OPEN} and ${NOT_WAITING}`

/** A teleoperator picks in their own missions; a manager in any mission they see. */
export function picksFromAnyMission(user: { role: Role }): boolean {
  return user.role !== 'TELEOPERATOR'
}

/**
 * Why the user may not pick lead `l` (null: they may, the user's blocking causes aside), the first
 * that applies in the order of PICK_REFUSALS. Pick takes a lead only where this is null.
 */
export function leadPickRefusal(userId: number, anyMission: boolean, clock: ParisClock): SQL {
  return sql`case
    when l.processing_user_id = ${userId} then 'HELD_BY_YOU'
    when l.processing_user_id is not null then 'HELD'
    when not (${OPEN}) then 'CLOSED'
    when not (${NOT_WAITING}) then 'WAITING_FOR_FORCED_RDV'
    when not (${NOT_EXPIRED}) then 'EXPIRED'
    when m.archived_at is not null then 'MISSION_ARCHIVED'
    when not (${anyMission} or exists (
      select 1 from mission_users mu where mu.mission_id = m.id and mu.user_id = ${userId})) then 'NOT_IN_MISSION'
    else ${callingRefusalSql(clock)}
    end`
}

/** A lead one may still work (WORKABLE). */
export async function isWorkableLead(db: Db, leadId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select l.id from leads l
      join markets mk on mk.id = l.market_id
      join missions m on m.id = mk.mission_id
      where l.id = ${leadId} and ${WORKABLE}`),
  )
  return rows.length > 0
}
