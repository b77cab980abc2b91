// What each count of the lead follow-up counts (issue #14; docs/domain.md "Timeline and follow-up"), as
// conditions on a lead `l` of one mission: the counts and the lists behind them use the same ones.
import { sql, type SQL } from 'drizzle-orm'
import {
  EXPIRING_SOON_DAYS,
  HELD_LONG_MINUTES,
  type FollowUpAlert,
  type FollowUpLeadsQuery,
} from '../../../src/contracts/follow-up.ts'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from '../../../src/contracts/lead-statuses.ts'
import { errors } from '../../lib/http-error.ts'

/** The open statuses (docs/domain.md "Leads"): the others are final. */
export const OPEN = sql`l.status in ('NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE')`

export type FollowUpClock = {
  now: Date
  /** The start of today in Paris: a recall due before it is overdue. */
  dayStart: Date
  /** The mission's leadProcessingDurationDays (spec §3: the expiration date). */
  durationDays: number
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The condition of each situation a manager acts on. The instants are computed here, so each row is
 * compared with constants (`meet_request_date` against a cutoff rather than its expiry computed per
 * row): the counts read every lead of a mission.
 */
export function alertConditions({ now, dayStart, durationDays }: FollowUpClock): Record<FollowUpAlert, SQL> {
  // Expired from this meetRequestDate back; expiring soon from the next one on.
  const expiredUpTo = new Date(now.getTime() - durationDays * DAY_MS)
  const soonUpTo = new Date(expiredUpTo.getTime() + EXPIRING_SOON_DAYS * DAY_MS)
  const alive = sql`l.meet_request_date > ${expiredUpTo}`
  // Recalls waiting in the queue (nobody holds them), not expired.
  const queuedRecall = sql`l.processing_user_id is null and l.status in ('RECALL', 'UNREACHABLE') and ${alive}`
  const heldSince = new Date(now.getTime() - HELD_LONG_MINUTES * 60 * 1000)
  return {
    // As the overview's queues (docs/domain.md "Activity"): due = its time has come (none: at once),
    // of which overdue = planned before today.
    'recall-due': sql`${queuedRecall} and (l.recall_at is null or l.recall_at <= ${now})`,
    'recall-overdue': sql`${queuedRecall} and l.recall_at < ${dayStart}`,
    'forced-appointment': sql`l.substatus = 'WAITING_FOR_FORCED_RDV'`,
    'held-long': sql`l.processing_user_id is not null and l.processing_since < ${heldSince}`,
    'expiring-soon': sql`${OPEN} and ${alive} and l.meet_request_date <= ${soonUpTo}`,
    expired: sql`${OPEN} and l.meet_request_date <= ${expiredUpTo}`,
  }
}

const BAD_VALUE = 'Valeur de filtre inconnue.'

/** The condition of a list (400 for a status, substatus or step that does not exist). */
export function bucketCondition(query: FollowUpLeadsQuery, clock: FollowUpClock): SQL | null {
  const { bucket, value = '' } = query
  switch (bucket) {
    case 'all':
      return null
    case 'status': {
      const status = LEAD_STATUSES.find((item) => item === value)
      if (!status) throw errors.invalid(BAD_VALUE, { value: BAD_VALUE })
      return sql`l.status = ${status}`
    }
    case 'substatus': {
      const substatus = LEAD_SUBSTATUSES.find((item) => item === value)
      if (!substatus) throw errors.invalid(BAD_VALUE, { value: BAD_VALUE })
      return sql`l.substatus = ${substatus}`
    }
    case 'step': {
      const step = Number(value)
      if (value === '' || !Number.isInteger(step) || step < 0 || step > 10_000)
        throw errors.invalid(BAD_VALUE, { value: BAD_VALUE })
      return sql`${OPEN} and l.step = ${step}`
    }
    default:
      return alertConditions(clock)[bucket]
  }
}

/** How each list is ordered: what needs acting on first. */
export function bucketOrder(bucket: FollowUpLeadsQuery['bucket']): SQL {
  switch (bucket) {
    case 'recall-due':
    case 'recall-overdue':
      return sql`l.recall_at asc nulls first, l.id asc`
    case 'held-long':
      return sql`l.processing_since asc, l.id asc`
    case 'expiring-soon':
    case 'expired':
      // One mission, one duration: the order of meetRequestDate is the order of expiry.
      return sql`l.meet_request_date asc, l.id asc`
    default:
      return sql`l.last_name asc, l.first_name asc, l.id asc`
  }
}
