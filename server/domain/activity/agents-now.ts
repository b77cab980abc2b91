// What each agent of a scope is doing now (issue #14 overview, docs/domain.md "Activity"), in one
// statement: today's counts (daily_activity), their newest call, the lead sheet they have open, the
// lead they hold, their sessions, their newest activity events (sheet opened, left, signed in:
// user_activity_events). Each lateral reads an index (calls_user_idx, sessions_user_idx,
// lead_events_lead_idx, user_activity_events (user_id, at)): the cost grows with the number of
// agents, not with the history.
import { sql } from 'drizzle-orm'
import type { AgentNow, AgentState, LeadRef } from '../../../src/contracts/activity.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { WORKING_WINDOW_MS, avatarUrl } from '../users/profiles.ts'
import { countsOf, toDate, toInt, toIso, type CountColumns, type Instant } from './rows.ts'
import { inScope, type ActivityScope } from './scope.ts'

/** A call still open after this long is a row the provider never closed, not a call. */
const STALE_CALL_MS = 12 * 3_600_000

type AgentRow = CountColumns & {
  id: number
  first_name: string
  last_name: string
  avatar_version: string | null
  call_id: number | null
  direction: 'inbound' | 'outbound' | null
  started_at: Instant
  answered_at: Instant
  ended_at: Instant
  call_lead_id: number | null
  call_lead_uuid: string | null
  call_lead_name: string | null
  view_id: number | null
  view_uuid: string | null
  view_name: string | null
  held_id: number | null
  held_since: Instant
  last_seen: Instant
  signed_in_at: Instant
  last_event: Instant
  /** When they opened the sheet they have open (their newest sheet-viewed event). */
  viewed_at: Instant
  /** Their newest activity event of any kind (sheet opened or left, signed in or out). */
  activity_at: Instant
}

function agentRows(db: Db, scope: ActivityScope, day: string) {
  return db.execute(sql`
    select u.id, u.first_name, u.last_name, u.avatar_version,
      d.calls_made, d.calls_received, d.answered, d.talk_seconds, d.tags, d.appointments,
      d.leads_processed, d.xp,
      lc.id as call_id, lc.direction, lc.started_at, lc.answered_at, lc.ended_at,
      cl.id as call_lead_id, cl.uuid as call_lead_uuid, cl.first_name || ' ' || cl.last_name as call_lead_name,
      vl.id as view_id, vl.uuid as view_uuid, vl.first_name || ' ' || vl.last_name as view_name,
      hl.id as held_id, hl.processing_since as held_since,
      s.last_seen, s.signed_in_at,
      (select max(e.created_at) from lead_events e
        where e.lead_id = coalesce(lc.lead_id, lc.detected_lead_id) and e.user_id = u.id) as last_event,
      (select a.at from user_activity_events a
        where a.user_id = u.id and a.kind = 'sheet-viewed' and a.lead_id = u.viewing_lead_id
        order by a.at desc limit 1) as viewed_at,
      (select max(a.at) from user_activity_events a where a.user_id = u.id) as activity_at
    from users u
    left join daily_activity d on d.user_id = u.id and d.day = ${day}
    left join lateral (
      select c.id, c.direction, c.started_at, c.answered_at, c.ended_at, c.lead_id, c.detected_lead_id
      from calls c where c.user_id = u.id order by c.started_at desc limit 1
    ) lc on true
    left join leads cl on cl.id = coalesce(lc.lead_id, lc.detected_lead_id) and lc.ended_at is null
    left join leads vl on vl.id = u.viewing_lead_id
    left join leads hl on hl.id = u.processing_lead_id and hl.processing_user_id = u.id
    left join lateral (
      select max(x.last_seen_at) as last_seen, max(x.created_at) as signed_in_at
      from sessions x where x.user_id = u.id
    ) s on true
    where u.status = 'ACTIVE' and u.role in ('TELEOPERATOR', 'MANAGER')
      and ${inScope(sql.raw('u.id'), scope)}
    order by u.name_folded, u.id`)
}

function leadRef(id: number | null, uuid: string | null, name: string | null): LeadRef | null {
  return id === null || uuid === null ? null : { id: toInt(id), uuid, name: name ?? '' }
}

function latest(now: Date, ...instants: Instant[]): string | null {
  const dates = instants.map(toDate).filter((date): date is Date => date !== null && date <= now)
  if (dates.length === 0) return null
  return new Date(Math.max(...dates.map((date) => date.getTime()))).toISOString()
}

/** The state of one agent (the order of docs/domain.md "Activity": call, signed out, sheet, idle). */
export function agentNowOf(row: AgentRow, now: Date): AgentNow {
  const startedAt = toDate(row.started_at)
  const onCall =
    row.call_id !== null &&
    toDate(row.ended_at) === null &&
    startedAt !== null &&
    now.getTime() - startedAt.getTime() < STALE_CALL_MS
  const lastSeen = toDate(row.last_seen)
  const working = lastSeen !== null && now.getTime() - lastSeen.getTime() < WORKING_WINDOW_MS
  const viewing = leadRef(row.view_id, row.view_uuid, row.view_name)
  let state: AgentState
  let since: string | null
  if (onCall) {
    state = 'call'
    since = toIso(row.answered_at) ?? toIso(row.started_at)
  } else if (!working) {
    state = 'signedOut'
    since = toIso(row.last_seen)
  } else if (viewing) {
    state = 'sheet'
    // Since they opened it (recorded since migration 0022), else since they took it when they hold it.
    since =
      toIso(row.viewed_at) ??
      (row.held_id !== null && toInt(row.held_id) === viewing.id ? toIso(row.held_since) : null)
  } else {
    state = 'idle'
    since = latest(now, row.ended_at, row.last_event, row.held_since, row.signed_in_at, row.activity_at)
  }
  return {
    userId: toInt(row.id),
    firstName: row.first_name,
    lastName: row.last_name,
    avatar: avatarUrl({ id: toInt(row.id), avatarVersion: row.avatar_version }),
    state,
    since,
    call: onCall
      ? {
          callId: toInt(row.call_id),
          direction: row.direction ?? 'outbound',
          startedAt: toIso(row.started_at)!,
          answeredAt: toIso(row.answered_at),
          lead: leadRef(row.call_lead_id, row.call_lead_uuid, row.call_lead_name),
        }
      : null,
    lead: state === 'signedOut' ? null : viewing,
    today: countsOf(row),
  }
}

export async function agentsNow(db: Db, scope: ActivityScope, day: string, now: Date): Promise<AgentNow[]> {
  return rowsOf<AgentRow>(await agentRows(db, scope, day)).map((row) => agentNowOf(row, now))
}
