// When a mission's leads may be called (issue #12 "Calling rules per mission", docs/domain.md
// "Calling rules"). French law (Code de la consommation art. D223-9, décret 2022-1313) limits
// telephone prospecting of consumers to Monday–Friday except public holidays, 10:00–13:00 and
// 14:00–20:00, at most 4 call attempts per 30 days, and no new contact for 60 days after an explicit
// refusal, unless the consumer's prior consent can be proven. A mission carries its rule set:
// - REGULATED ("prospection encadrée", the default of a new mission): exactly those limits;
// - CONSENT ("consentement prouvé"): the lead asked to be called; the mission's own hours only;
// - CUSTOM: the mission's own hours, attempt cap and quiet period.
// Pure functions over the Paris calendar: the server's hand-out, pick and call start, and the lead
// sheet's "next call" all read them.
import { addDays, civilDateOf, isFrenchPublicHoliday, minutesOfDay, zonedInstant } from './paris-calendar.ts'

export const CALLING_RULE_KINDS = ['REGULATED', 'CONSENT', 'CUSTOM'] as const
export type CallingRuleKind = (typeof CALLING_RULE_KINDS)[number]

/** Weekdays (1 = Monday … 7 = Sunday), [start, end) periods in minutes after Paris midnight. */
export type CallingHours = {
  days: number[]
  periods: [number, number][]
  /** Whether calls are allowed on French public holidays. */
  holidays: boolean
}

export type CallingRules = {
  hours: CallingHours
  /** Outbound call attempts per lead in the last `attemptWindowDays`; null: no cap. */
  maxAttempts: number | null
  /** Days without contact after a "not interested" outcome; null: none. */
  quietDays: number | null
}

export const ATTEMPT_WINDOW_DAYS = 30

/** The legal frame of telephone prospecting (décret 2022-1313). */
export const REGULATED_RULES: CallingRules = {
  hours: {
    days: [1, 2, 3, 4, 5],
    periods: [
      [10 * 60, 13 * 60],
      [14 * 60, 20 * 60],
    ],
    holidays: false,
  },
  maxAttempts: 4,
  quietDays: 60,
}

/** The hours proposed to a mission of its own (consent or custom) until it sets them. */
export const DEFAULT_OWN_HOURS: CallingHours = {
  days: [1, 2, 3, 4, 5, 6],
  periods: [[9 * 60, 20 * 60]],
  holidays: false,
}

/**
 * Every day, every hour, holidays included: the demo missions' hours (their leads asked to be
 * called, and the demonstration and its tests work whenever they run) and the test factories'.
 */
export const ALWAYS_OPEN_HOURS: CallingHours = {
  days: [1, 2, 3, 4, 5, 6, 7],
  periods: [[0, 24 * 60]],
  holidays: true,
}

/** What a mission row says about its calls. */
export type MissionCallingFields = {
  callingRule: CallingRuleKind
  callingHours: CallingHours
  maxCallAttempts: number | null
  quietDays: number | null
}

/** The rules a mission applies: the legal frame, or its own. */
export function rulesOf(mission: MissionCallingFields): CallingRules {
  if (mission.callingRule === 'REGULATED') return REGULATED_RULES
  const hours = mission.callingHours
  if (mission.callingRule === 'CONSENT') return { hours, maxAttempts: null, quietDays: null }
  return { hours, maxAttempts: mission.maxCallAttempts, quietDays: mission.quietDays }
}

/** Paris's clock at `now`: the weekday, the minutes after midnight, whether it is a public holiday. */
export type ParisClock = { isoDay: number; minutes: number; holiday: boolean }

/**
 * The last clock computed, by UTC minute: Paris's offsets are whole hours, so its clock changes only
 * when the UTC minute does, and the time-zone arithmetic (a few tenths of a millisecond) runs once a
 * minute instead of once per hand-out, pick or search.
 */
let lastClock: { minute: number; clock: Readonly<ParisClock> } | undefined

export function parisClock(now: Date): Readonly<ParisClock> {
  const minute = Math.floor(now.getTime() / 60_000)
  if (lastClock?.minute === minute) return lastClock.clock
  const date = civilDateOf(now)
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  const clock = Object.freeze({
    isoDay: weekday === 0 ? 7 : weekday,
    minutes: minutesOfDay(now),
    holiday: isFrenchPublicHoliday(date),
  })
  lastClock = { minute, clock }
  return clock
}

export function withinHours(hours: CallingHours, clock: ParisClock): boolean {
  if (!hours.days.includes(clock.isoDay)) return false
  if (clock.holiday && !hours.holidays) return false
  return hours.periods.some(([start, end]) => clock.minutes >= start && clock.minutes < end)
}

/** The first instant at or after `now` within the hours (now itself when open); null within 14 days. */
export function nextOpening(hours: CallingHours, now: Date): Date | null {
  if (withinHours(hours, parisClock(now))) return now
  const today = civilDateOf(now)
  for (let offset = 0; offset <= 14; offset += 1) {
    const date = addDays(today, offset)
    for (const [start] of [...hours.periods].sort((a, b) => a[0] - b[0])) {
      const at = zonedInstant(date, start)
      if (at.getTime() > now.getTime() && withinHours(hours, parisClock(at))) return at
    }
  }
  return null
}

/** Why a lead may not be called now (null: it may), in the order hours, quiet period, attempts. */
export type CallingRefusal = 'OUTSIDE_CALLING_HOURS' | 'QUIET_PERIOD' | 'CALL_ATTEMPTS_CAP'

export type LeadCallingState = {
  /** The end of the lead's quiet period, if any. */
  noContactUntil: Date | null
  /** Start times of the lead's outbound calls in the last 30 days. */
  recentAttempts: Date[]
}

/** When the lead may next be called under `rules` (now when it may), or null within 14 days. */
export function nextCallAt(rules: CallingRules, lead: LeadCallingState, now: Date): Date | null {
  let from = now
  if (lead.noContactUntil && lead.noContactUntil > from) from = lead.noContactUntil
  if (rules.maxAttempts !== null && lead.recentAttempts.length >= rules.maxAttempts) {
    // The oldest attempt that keeps the count at the cap leaves the 30-day window.
    const sorted = [...lead.recentAttempts].sort((a, b) => b.getTime() - a.getTime())
    const limiting = sorted[rules.maxAttempts - 1]!
    const freed = new Date(limiting.getTime() + ATTEMPT_WINDOW_DAYS * 86_400_000)
    if (freed > from) from = freed
  }
  return nextOpening(rules.hours, from)
}

export function callingRefusal(
  rules: CallingRules,
  lead: LeadCallingState,
  now: Date,
): CallingRefusal | null {
  if (!withinHours(rules.hours, parisClock(now))) return 'OUTSIDE_CALLING_HOURS'
  if (lead.noContactUntil && lead.noContactUntil > now) return 'QUIET_PERIOD'
  if (rules.maxAttempts !== null && lead.recentAttempts.length >= rules.maxAttempts)
    return 'CALL_ATTEMPTS_CAP'
  return null
}

export const callingRefusalMessages: Record<CallingRefusal, string> = {
  OUTSIDE_CALLING_HOURS: 'Hors des horaires d’appel de la mission.',
  QUIET_PERIOD: 'Le contact a refusé les appels : le délai sans contact n’est pas écoulé.',
  CALL_ATTEMPTS_CAP: 'Nombre maximal d’appels atteint pour ce lead sur 30 jours.',
}
