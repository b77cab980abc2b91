// Each mission's queue (issue #14 overview, docs/domain.md "Activity"), in one statement over the open
// leads of the missions in scope (leads_market_status_idx): what the hand-out may still give (its own
// rule, server/domain/leads/pick-rule.ts and lead-assignment.ts), the recalls due and overdue, the
// leads expiring within 7 days.
import { sql } from 'drizzle-orm'
import type { MissionQueue } from '../../../src/contracts/activity.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { NOT_QUIET } from '../calls/calling-rules.ts'
import { WORKABLE } from '../leads/pick-rule.ts'
import { toInt } from './rows.ts'
import { intArray, type ActivityScope } from './scope.ts'

/** "Expiring soon": the expiration date falls within this many days. */
export const EXPIRING_WITHIN_DAYS = 7

/** A free, workable lead that is a due recall (RECALL, UNREACHABLE; no date: due at once). */
const FREE_DUE_RECALL = sql`l.processing_user_id is null and ${WORKABLE}
  and l.status in ('RECALL', 'UNREACHABLE') and coalesce(l.recall_at, '-infinity'::timestamptz) <= now()`

type QueueRow = {
  id: number
  name: string
  color: string
  to_hand_out: unknown
  recalls_due: unknown
  recalls_overdue: unknown
  expiring_soon: unknown
}

/** The missions of the scope: all (an administrator without a team), else those its agents work on. */
function missionsInScope(scope: ActivityScope) {
  if (scope.members === 'everyone') return sql`true`
  return sql`exists (select 1 from mission_users mu
    where mu.mission_id = m.id and mu.user_id = any(${intArray(scope.members)}))`
}

export async function missionQueues(db: Db, scope: ActivityScope, todayStart: Date): Promise<MissionQueue[]> {
  const result = await db.execute(sql`
    select m.id, m.name, m.color,
      count(l.id) filter (where l.processing_user_id is null and ${WORKABLE} and ${NOT_QUIET}
        and (l.status in ('NEW', 'IN_PROGRESS') or coalesce(l.recall_at, '-infinity'::timestamptz) <= now())
      ) as to_hand_out,
      count(l.id) filter (where ${FREE_DUE_RECALL}) as recalls_due,
      count(l.id) filter (where ${FREE_DUE_RECALL} and l.recall_at < ${todayStart}) as recalls_overdue,
      count(l.id) filter (where l.meet_request_date + make_interval(days => m.lead_processing_duration_days)
        <= now() + make_interval(days => ${EXPIRING_WITHIN_DAYS}::int)) as expiring_soon
    from missions m
    left join markets mk on mk.mission_id = m.id
    left join leads l on l.market_id = mk.id
      and l.status in ('NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE')
      and l.meet_request_date + make_interval(days => m.lead_processing_duration_days) > now()
    where m.archived_at is null and ${missionsInScope(scope)}
    group by m.id, m.name, m.color
    order by app_fold(m.name), m.id`)
  return rowsOf<QueueRow>(result).map((row) => ({
    id: toInt(row.id),
    name: row.name,
    color: row.color,
    toHandOut: toInt(row.to_hand_out),
    recallsDue: toInt(row.recalls_due),
    recallsOverdue: toInt(row.recalls_overdue),
    expiringSoon: toInt(row.expiring_soon),
  }))
}
