// When an agent may set a call-back (issue #11, docs/domain.md "Recall"): the hours French law allows
// for telephone prospecting of consumers (Code de la consommation art. D223-9, décret 2022-1313):
// Monday to Friday except public holidays, 10:00–13:00 and 14:00–20:00, Paris time; on a quarter
// hour, in the future, within 60 days. One rule for the server (tagging) and the client's picker.
import {
  addDays,
  civilDateOf,
  isoDate,
  isWorkingDay,
  minutesOfDay,
  zonedInstant,
  type CivilDate,
} from './paris-calendar.ts'

export const RECALL_RULES = {
  /** [start, end) in minutes after Paris midnight: a call-back starts at 19:45 at the latest. */
  periods: [
    [10 * 60, 13 * 60],
    [14 * 60, 20 * 60],
  ],
  stepMinutes: 15,
  /** Today (Paris) and the 59 following days. */
  windowDays: 60,
} as const

export type RecallRefusal = 'past' | 'closed-day' | 'out-of-hours' | 'too-late'

/** Minutes after midnight a call-back may start at, in order (10:00, 10:15, …, 19:45). */
export function recallTimes(): number[] {
  const { periods, stepMinutes } = RECALL_RULES
  return periods.flatMap(([start, end]) => {
    const times: number[] = []
    for (let at = start; at < end; at += stepMinutes) times.push(at)
    return times
  })
}

/** Why `at` cannot be a call-back time, or null when it can. */
export function refuseRecall(at: Date, now: Date): RecallRefusal | null {
  if (at.getTime() <= now.getTime()) return 'past'
  const date = civilDateOf(at)
  if (isoDate(date) > isoDate(addDays(civilDateOf(now), RECALL_RULES.windowDays - 1))) return 'too-late'
  if (!isWorkingDay(date)) return 'closed-day'
  const minutes = minutesOfDay(at)
  if (!recallTimes().includes(minutes) || at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0)
    return 'out-of-hours'
  return null
}

/** The instant of a call-back chosen as a Paris date and a time (minutes after midnight). */
export function recallInstant(date: CivilDate, minutes: number): Date {
  return zonedInstant(date, minutes)
}

/**
 * The first allowed call-back at or after `from` (the outcome's usual delay): what the picker
 * proposes. Null when none is left in the window (never with these rules).
 */
export function firstRecallFrom(from: Date, now: Date): Date | null {
  const times = recallTimes()
  const start = civilDateOf(from)
  for (let offset = 0; offset < RECALL_RULES.windowDays + 1; offset += 1) {
    const date = addDays(start, offset)
    for (const minutes of times) {
      const at = zonedInstant(date, minutes)
      if (at.getTime() >= from.getTime() && refuseRecall(at, now) === null) return at
    }
  }
  return null
}

/** The refusals in French, the same words on the client (before sending) and the server (400). */
export const recallMessages = {
  missing: 'Indiquez la date et l’heure du rappel.',
  past: 'Choisissez un rappel dans le futur.',
  'closed-day': 'Les rappels se font du lundi au vendredi, hors jours fériés.',
  'out-of-hours':
    'Les rappels se font de 10:00 à 13:00 et de 14:00 à 20:00 (heure de Paris), au quart d’heure.',
  'too-late': 'Choisissez un rappel dans les 60 prochains jours.',
} as const satisfies Record<RecallRefusal | 'missing', string>
