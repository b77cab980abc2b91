// The appointment grid (docs/domain.md "Appointments"): which slots exist, in Paris wall-clock time,
// turned into instants with the time zone's real offset (DST-correct through Intl, no fixed +1/+2).
// Pure functions: used by the booking rules and by the deterministic demo seed.
import { APPOINTMENT_TIME_ZONE } from '../../../src/contracts/appointment.ts'
import {
  DEFAULT_APPOINTMENT_SCHEDULE,
  type AppointmentSchedule,
} from '../../../src/contracts/configuration.ts'
import {
  addDays,
  civilDateOf,
  isFrenchPublicHoliday,
  isoDate,
  zonedInstant,
  type CivilDate,
} from '../../../src/contracts/paris-calendar.ts'

export {
  addDays,
  civilDateOf,
  isFrenchPublicHoliday,
  isoDate,
  isWorkingDay,
  zonedInstant,
  type CivilDate,
} from '../../../src/contracts/paris-calendar.ts'

/**
 * The grid as it was before it became a setting: the configuration's default (issue #12
 * "Configuration"; server/domain/configuration/settings.ts reads the current one). Missions have no duration of
 * their own yet: one grid for every agenda. Monday–Friday, 09:00–12:00 and 14:00–18:00, one hour,
 * two hours' notice, today and the 20 following days.
 */
export const APPOINTMENT_RULES = { timeZone: APPOINTMENT_TIME_ZONE, ...DEFAULT_APPOINTMENT_SCHEDULE } as const

/** The grid a computation uses (the stored setting, or the default). */
export type AppointmentGrid = AppointmentSchedule

const MINUTE_MS = 60_000

export type Slot = { startsAt: Date; endsAt: Date }
export type SlotDay = { date: string; slots: Slot[] }
export type SlotRefusal = 'past' | 'not-a-slot' | 'too-soon' | 'too-late'

/** Minutes after local midnight at which a slot starts, in order. */
export function slotStartMinutes(rules: AppointmentGrid = APPOINTMENT_RULES): number[] {
  const { durationMinutes, periods } = rules
  return periods.flatMap(([start, end]) => {
    const starts: number[] = []
    for (let at = start; at + durationMinutes <= end; at += durationMinutes) starts.push(at)
    return starts
  })
}

/** Whether the grid opens on that day: one of its weekdays, and not a public holiday unless it says so. */
export function isAppointmentDay(date: CivilDate, rules: AppointmentGrid = APPOINTMENT_RULES): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  if (!rules.days.includes(weekday === 0 ? 7 : weekday)) return false
  return rules.holidays || !isFrenchPublicHoliday(date)
}

/** Every slot of a day, booked or not; none on a closed day (by default a weekend or a public holiday). */
export function slotsOfDay(date: CivilDate, rules: AppointmentGrid = APPOINTMENT_RULES): Slot[] {
  if (!isAppointmentDay(date, rules)) return []
  return slotStartMinutes(rules).map((minutes) => {
    const startsAt = zonedInstant(date, minutes)
    return { startsAt, endsAt: new Date(startsAt.getTime() + rules.durationMinutes * MINUTE_MS) }
  })
}

/** The working days of the booking window seen at `now`, each with the slots still far enough away. */
export function offeredDays(now: Date, rules: AppointmentGrid = APPOINTMENT_RULES): SlotDay[] {
  const today = civilDateOf(now)
  const earliest = now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS
  const days: SlotDay[] = []
  for (let i = 0; i < rules.windowDays; i += 1) {
    const date = addDays(today, i)
    if (!isAppointmentDay(date, rules)) continue
    const slots = slotsOfDay(date, rules).filter((slot) => slot.startsAt.getTime() >= earliest)
    if (slots.length > 0) days.push({ date: isoDate(date), slots })
  }
  return days
}

/** Why `startsAt` cannot be booked at `now`, or null when it is an offered slot. */
export function refuseSlot(
  startsAt: Date,
  now: Date,
  rules: AppointmentGrid = APPOINTMENT_RULES,
): SlotRefusal | null {
  if (startsAt.getTime() <= now.getTime()) return 'past'
  const onGrid = slotsOfDay(civilDateOf(startsAt), rules).some(
    (slot) => slot.startsAt.getTime() === startsAt.getTime(),
  )
  if (!onGrid) return 'not-a-slot'
  if (startsAt.getTime() < now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS) return 'too-soon'
  const lastDay = isoDate(addDays(civilDateOf(now), rules.windowDays - 1))
  if (isoDate(civilDateOf(startsAt)) > lastDay) return 'too-late'
  return null
}

export function overlaps(a: Slot, b: Slot): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime()
}
