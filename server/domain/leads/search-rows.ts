// The rows of a lead-search page (docs/architecture.md "Search indexes"): the page's leads with their
// mission, who holds them and why the reader may not pick each (server/domain/leads/pick-rule.ts), in
// one statement that also carries the reader's blocking state where some lead refuses nothing.
import { sql, type SQL } from 'drizzle-orm'
import type { PickRefusal } from '../../../src/contracts/lead.ts'
import { isCallCapable, type Role, type UserStatus } from '../../../src/contracts/roles.ts'
import { parisClock } from '../../../src/contracts/calling-rules.ts'
import { executePrepared, type Db } from '../../db/client.ts'
import type { leads } from '../../db/schema.ts'
import { blockingFromState, STATE_OF_ME, type BlockingRow } from './assignment.ts'
import { leadPickRefusal, picksFromAnyMission } from './pick-rule.ts'

type LeadRow = typeof leads.$inferSelect

export type SearchReader = { id: number; role: Role; status: UserStatus }

export type SearchRow = {
  id: number
  uuid: string
  firstName: string
  lastName: string
  phone: string
  email: string | null
  city: string | null
  status: LeadRow['status']
  substatus: LeadRow['substatus']
  step: number
  meetRequestDate: Date
  processingSince: Date | null
  recallAt: Date | null
  mission: { id: number; name: string; color: string; leadProcessingDurationDays: number }
  processingUser: { id: number; firstName: string; lastName: string } | null
  refusal: PickRefusal | null
}

type Raw = {
  id: number
  uuid: string
  first_name: string
  last_name: string
  phone: string
  email: string | null
  city: string | null
  status: LeadRow['status']
  substatus: LeadRow['substatus']
  step: number
  meet_request_ms: number
  processing_since_ms: number | null
  recall_at_ms: number | null
  mission_id: number
  mission_name: string
  mission_color: string
  duration_days: number
  user_id: number | null
  user_first_name: string | null
  user_last_name: string | null
  refusal: PickRefusal | null
  blocking: BlockingRow | null
}

/**
 * Instants as whole epoch milliseconds (float8, exact for an integer): node-postgres gives a Date,
 * Drizzle's drivers a string, for a timestamptz read outside Drizzle's columns; a number reads alike
 * everywhere. floor() drops the microseconds as JavaScript's Date does.
 */
function epochMs(column: SQL): SQL {
  return sql`floor(extract(epoch from ${column}) * 1000)::float8`
}

/**
 * One statement, the same text whatever the page (the ids are one array parameter), so both databases
 * run it as a prepared statement with its generic plan: planning it costs more than running it.
 * The blocking state is an uncorrelated subquery behind `refusal is null`, so it runs once, and
 * only when some lead of the page refuses nothing (the pick route's order: the lead's own reason
 * first, then the user's blocking cause); `offset 0` keeps the refusal computed once per lead.
 */
function statement(refusal: SQL, blocking: SQL, ids: number[]): SQL {
  return sql`
    select r.*, case when r.refusal is null then ${blocking} end as blocking from (
      select l.id, l.uuid, l.first_name, l.last_name, l.phone, l.email, l.city, l.status, l.substatus,
        l.step, ${epochMs(sql`l.meet_request_date`)} as meet_request_ms,
        ${epochMs(sql`l.processing_since`)} as processing_since_ms,
        ${epochMs(sql`l.recall_at`)} as recall_at_ms,
        m.id as mission_id, m.name as mission_name, m.color as mission_color,
        m.lead_processing_duration_days as duration_days,
        u.id as user_id, u.first_name as user_first_name, u.last_name as user_last_name,
        ${refusal} as refusal
      from leads l
      inner join markets mk on mk.id = l.market_id
      inner join missions m on m.id = mk.mission_id
      left join users u on u.id = l.processing_user_id
      where l.id = any(${`{${ids.join(',')}}`}::int[])
      offset 0
    ) r`
}

/** The user's blocking state (server/domain/leads/assignment.ts) as one JSON value. */
function blockingStateJson(userId: number): SQL {
  return sql`(select row_to_json(s) from (
    with me as (select id, processing_lead_id from users where id = ${userId})
    ${STATE_OF_ME}) s)`
}

function epochDate(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms)
}

/**
 * The page's leads in `ids` order, each with why `user` may not pick it now, or null when a pick
 * would take it (server/domain/leads/pick-rule.ts): not call-capable first (nothing can be picked),
 * then the lead's own reason, then the user's blocking cause — the checks of the pick route.
 */
export async function searchRowsOf(db: Db, user: SearchReader, ids: number[]): Promise<SearchRow[]> {
  if (ids.length === 0) return []
  const callCapable = isCallCapable(user)
  const rows = callCapable
    ? await executePrepared<Raw>(
        db,
        'lead-search-rows',
        statement(
          leadPickRefusal(user.id, picksFromAnyMission(user), parisClock(new Date())),
          blockingStateJson(user.id),
          ids,
        ),
      )
    : await executePrepared<Raw>(
        db,
        'lead-search-rows-not-call-capable',
        statement(sql`'NOT_CALL_CAPABLE'`, sql`null::json`, ids),
      )
  const state = rows.find((row) => row.blocking !== null)?.blocking ?? null
  const blocking = blockingFromState(state)
  const position = new Map(ids.map((id, index) => [id, index]))
  return rows
    .map((row): SearchRow => ({
      id: row.id,
      uuid: row.uuid,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      email: row.email,
      city: row.city,
      status: row.status,
      substatus: row.substatus,
      step: row.step,
      meetRequestDate: new Date(row.meet_request_ms),
      processingSince: epochDate(row.processing_since_ms),
      recallAt: epochDate(row.recall_at_ms),
      mission: {
        id: row.mission_id,
        name: row.mission_name,
        color: row.mission_color,
        leadProcessingDurationDays: row.duration_days,
      },
      processingUser:
        row.user_id === null
          ? null
          : { id: row.user_id, firstName: row.user_first_name!, lastName: row.user_last_name! },
      refusal: row.refusal ?? blocking?.cause ?? null,
    }))
    .sort((a, b) => position.get(a.id)! - position.get(b.id)!)
}
