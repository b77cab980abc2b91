// The calling rules in SQL (docs/domain.md "Calling rules"; the rules themselves are
// src/contracts/calling-rules.ts): over a mission `m` and a lead `l`, for the hand-out, pick, search's
// `canPick` and the call start. Paris's clock is computed once in JS (weekday, minutes, public
// holiday) and passed as parameters, so the statements stay prepared and the hours follow the
// same calendar as the client.
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm'
import { formatParisDateTime } from '../../../src/contracts/paris-calendar.ts'
import {
  ATTEMPT_WINDOW_DAYS,
  nextOpening,
  parisClock,
  callingRefusal,
  callingRefusalMessages,
  nextCallAt,
  REGULATED_RULES,
  rulesOf,
  withinHours,
  type CallingRefusal,
  type MissionCallingFields,
  type ParisClock,
} from '../../../src/contracts/calling-rules.ts'
import type { Db } from '../../db/client.ts'
import { calls, markets, missions, missionUsers } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'

/** Mission `m` may be called at `clock`. */
export function missionOpenSql(clock: ParisClock): SQL {
  const regulatedOpen = withinHours(REGULATED_RULES.hours, clock)
  return sql`(case when m.calling_rule = 'REGULATED' then ${regulatedOpen}::boolean else (
    (m.calling_hours -> 'days') @> to_jsonb(${clock.isoDay}::int)
    and (not ${clock.holiday}::boolean or coalesce((m.calling_hours ->> 'holidays')::boolean, false))
    and exists (select 1 from jsonb_array_elements(m.calling_hours -> 'periods') p
      where ${clock.minutes}::int >= (p ->> 0)::int and ${clock.minutes}::int < (p ->> 1)::int)
  ) end)`
}

/** Mission `m`'s cap of outbound attempts per lead in 30 days (null: none). */
export const MISSION_MAX_ATTEMPTS = sql`(case m.calling_rule
  when 'REGULATED' then ${REGULATED_RULES.maxAttempts}::int
  when 'CUSTOM' then m.max_call_attempts end)`

/** Mission `m`'s quiet period after "not interested", in days (null: none). */
export const MISSION_QUIET_DAYS = sql`(case m.calling_rule
  when 'REGULATED' then ${REGULATED_RULES.quietDays}::int
  when 'CUSTOM' then m.quiet_days end)`

/** Lead `l` is not in a quiet period. */
export const NOT_QUIET = sql`(l.no_contact_until is null or l.no_contact_until <= now())`

/** Lead `l` has fewer outbound attempts in 30 days than `maxAttempts` (an SQL int, null: no cap). */
export function underAttemptCap(maxAttempts: SQL): SQL {
  return sql`(${maxAttempts} is null or (
    select count(*) from calls c
    where c.lead_id = l.id and c.direction = 'outbound'
      and c.started_at > now() - make_interval(days => ${ATTEMPT_WINDOW_DAYS}::int)
  ) < ${maxAttempts})`
}

/** Why lead `l` of mission `m` may not be called now, as SQL (null: it may); the order of the rules. */
export function callingRefusalSql(clock: ParisClock): SQL {
  return sql`case
    when not ${missionOpenSql(clock)} then 'OUTSIDE_CALLING_HOURS'
    when not ${NOT_QUIET} then 'QUIET_PERIOD'
    when not ${underAttemptCap(MISSION_MAX_ATTEMPTS)} then 'CALL_ATTEMPTS_CAP'
    end`
}

/** The lead's state for the rules: its quiet period and outbound attempts of the last 30 days. */
export async function leadCallingState(db: Db, lead: { id: number; noContactUntil: Date | null }, now: Date) {
  const rows = await db
    .select({ startedAt: calls.startedAt })
    .from(calls)
    .where(
      and(
        eq(calls.leadId, lead.id),
        eq(calls.direction, 'outbound'),
        gt(calls.startedAt, new Date(now.getTime() - ATTEMPT_WINDOW_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(calls.startedAt))
    .limit(50)
  return { noContactUntil: lead.noContactUntil, recentAttempts: rows.map((row) => row.startedAt) }
}

/** Whether the lead may be called now under its mission's rules, and when next if not. */
export async function callingVerdict(
  db: Db,
  mission: MissionCallingFields,
  lead: { id: number; noContactUntil: Date | null },
  now = new Date(),
): Promise<{ refusal: CallingRefusal | null; nextCallAt: Date | null }> {
  const rules = rulesOf(mission)
  const state = await leadCallingState(db, lead, now)
  return { refusal: callingRefusal(rules, state, now), nextCallAt: nextCallAt(rules, state, now) }
}

/**
 * When the hand-out found nothing: if none of the user's missions may be called now, says so with
 * the next opening (French); null when some may (the queue is simply empty).
 */
export async function closedMissionsMessage(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<string | null> {
  const rows = await db
    .select({
      callingRule: missions.callingRule,
      callingHours: missions.callingHours,
      maxCallAttempts: missions.maxCallAttempts,
      quietDays: missions.quietDays,
    })
    .from(missionUsers)
    .innerJoin(missions, eq(missions.id, missionUsers.missionId))
    .where(eq(missionUsers.userId, userId))
  if (rows.length === 0) return null
  const clock = parisClock(now)
  const hours = rows.map((mission) => rulesOf(mission).hours)
  if (hours.some((h) => withinHours(h, clock))) return null
  const openings = hours
    .map((h) => nextOpening(h, now))
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())
  const next = openings[0]
  return next
    ? `Hors des horaires d’appel de vos missions : prochain créneau le ${formatParisDateTime(next)}.`
    : 'Hors des horaires d’appel de vos missions.'
}

/** start-outbound (issue #12): refused 403 with the reason as code and when the lead may be called. */
export async function assertMayCallNow(
  db: Db,
  lead: { id: number; marketId: number; noContactUntil: Date | null },
) {
  const [mission] = await db
    .select({
      callingRule: missions.callingRule,
      callingHours: missions.callingHours,
      maxCallAttempts: missions.maxCallAttempts,
      quietDays: missions.quietDays,
    })
    .from(markets)
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .where(eq(markets.id, lead.marketId))
  if (!mission) return
  const { refusal, nextCallAt } = await callingVerdict(db, mission, lead)
  if (!refusal) return
  const next = nextCallAt ? ` Prochain appel possible le ${formatParisDateTime(nextCallAt)}.` : ''
  throw new HttpError(403, refusal, `${callingRefusalMessages[refusal]}${next}`)
}
