// The appointment grid (docs/domain.md "Appointments"): which slots exist, in Paris wall-clock time,
// turned into instants with the time zone's real offset (DST-correct through Intl, no fixed +1/+2).
// Pure functions: used by the booking rules and by the deterministic demo seed.
import { APPOINTMENT_TIME_ZONE } from '../../src/contracts/appointment.ts'
import {
  addDays,
  civilDateOf,
  isoDate,
  isWorkingDay,
  zonedInstant,
  type CivilDate,
} from '../../src/contracts/paris-calendar.ts'

export {
  addDays,
  civilDateOf,
  isFrenchPublicHoliday,
  isoDate,
  isWorkingDay,
  zonedInstant,
  type CivilDate,
} from '../../src/contracts/paris-calendar.ts'

export const APPOINTMENT_RULES = {
  timeZone: APPOINTMENT_TIME_ZONE,
  /** Missions have no duration of their own yet: one length for every agenda. */
  durationMinutes: 60,
  /** Working periods, [start, end) in minutes after local midnight: 09:00–12:00 and 14:00–18:00. */
  periods: [
    [9 * 60, 12 * 60],
    [14 * 60, 18 * 60],
  ],
  /** A slot must start at least this long after the booking. */
  minimumNoticeMinutes: 120,
  /** Today (Paris) and the 20 following days: three weeks. */
  windowDays: 21,
} as const

const MINUTE_MS = 60_000

export type Slot = { startsAt: Date; endsAt: Date }
export type SlotDay = { date: string; slots: Slot[] }
export type SlotRefusal = 'past' | 'not-a-slot' | 'too-soon' | 'too-late'

/** Minutes after local midnight at which a slot starts, in order. */
export function slotStartMinutes(): number[] {
  const { durationMinutes, periods } = APPOINTMENT_RULES
  return periods.flatMap(([start, end]) => {
    const starts: number[] = []
    for (let at = start; at + durationMinutes <= end; at += durationMinutes) starts.push(at)
    return starts
  })
}

/** Every slot of a day, booked or not; none on a weekend or a public holiday. */
export function slotsOfDay(date: CivilDate): Slot[] {
  if (!isWorkingDay(date)) return []
  return slotStartMinutes().map((minutes) => {
    const startsAt = zonedInstant(date, minutes)
    return { startsAt, endsAt: new Date(startsAt.getTime() + APPOINTMENT_RULES.durationMinutes * MINUTE_MS) }
  })
}

/** The working days of the booking window seen at `now`, each with the slots still far enough away. */
export function offeredDays(now: Date): SlotDay[] {
  const today = civilDateOf(now)
  const earliest = now.getTime() + APPOINTMENT_RULES.minimumNoticeMinutes * MINUTE_MS
  const days: SlotDay[] = []
  for (let i = 0; i < APPOINTMENT_RULES.windowDays; i += 1) {
    const date = addDays(today, i)
    if (!isWorkingDay(date)) continue
    const slots = slotsOfDay(date).filter((slot) => slot.startsAt.getTime() >= earliest)
    if (slots.length > 0) days.push({ date: isoDate(date), slots })
  }
  return days
}

/** Why `startsAt` cannot be booked at `now`, or null when it is an offered slot. */
export function refuseSlot(startsAt: Date, now: Date): SlotRefusal | null {
  if (startsAt.getTime() <= now.getTime()) return 'past'
  const onGrid = slotsOfDay(civilDateOf(startsAt)).some(
    (slot) => slot.startsAt.getTime() === startsAt.getTime(),
  )
  if (!onGrid) return 'not-a-slot'
  if (startsAt.getTime() < now.getTime() + APPOINTMENT_RULES.minimumNoticeMinutes * MINUTE_MS)
    return 'too-soon'
  const lastDay = isoDate(addDays(civilDateOf(now), APPOINTMENT_RULES.windowDays - 1))
  if (isoDate(civilDateOf(startsAt)) > lastDay) return 'too-late'
  return null
}

export function overlaps(a: Slot, b: Slot): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime()
}
