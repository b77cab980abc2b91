// The appointment grid (docs/domain.md "Appointments"): which slots exist, in Paris wall-clock time,
// turned into instants with the time zone's real offset (DST-correct through Intl, no fixed +1/+2).
// Pure functions: used by the booking rules and by the deterministic demo seed.
import { APPOINTMENT_TIME_ZONE } from '../../src/contracts/appointment.ts'

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
const DAY_MS = 24 * 60 * MINUTE_MS

/** A calendar date of the agenda's time zone. */
export type CivilDate = { year: number; month: number; day: number }

export type Slot = { startsAt: Date; endsAt: Date }
export type SlotDay = { date: string; slots: Slot[] }
export type SlotRefusal = 'past' | 'not-a-slot' | 'too-soon' | 'too-late'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const fields: Record<string, number> = {}
  for (const part of formatterOf(timeZone).formatToParts(instant))
    if (part.type !== 'literal') fields[part.type] = Number(part.value)
  return {
    year: fields.year ?? 0,
    month: fields.month ?? 0,
    day: fields.day ?? 0,
    minutes: (fields.hour ?? 0) * 60 + (fields.minute ?? 0),
    seconds: fields.second ?? 0,
  }
}

/** How far `timeZone` is ahead of UTC at `instant`, in minutes (60 in Paris winter, 120 in summer). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE_MS + wall.seconds * 1000
  return Math.round((asUtc - instant.getTime()) / MINUTE_MS)
}

/** The instant at which the wall clock of `timeZone` shows `date` at `minutes` after midnight. */
export function zonedInstant(date: CivilDate, minutes: number, timeZone = APPOINTMENT_RULES.timeZone): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS
  const first = asUtc - offsetMinutes(new Date(asUtc), timeZone) * MINUTE_MS
  // Near a DST change the offset at the guess may differ from the one at the result: redo once.
  return new Date(asUtc - offsetMinutes(new Date(first), timeZone) * MINUTE_MS)
}

export function civilDateOf(instant: Date, timeZone = APPOINTMENT_RULES.timeZone): CivilDate {
  const { year, month, day } = wallClock(instant, timeZone)
  return { year, month, day }
}

export function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS)
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
}

export function isoDate(date: CivilDate): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`
}

/** Gregorian Easter Sunday (anonymous algorithm, Meeus/Jones/Butcher). */
function easterSunday(year: number): CivilDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  return { year, month, day: ((h + l - 7 * m + 114) % 31) + 1 }
}

const FIXED_HOLIDAYS = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25']
/** Easter Monday, Ascension Thursday, Whit Monday. */
const EASTER_OFFSETS = [1, 39, 50]

/** The eleven public holidays of metropolitan France (Alsace-Moselle's two extra days are not). */
export function isFrenchPublicHoliday(date: CivilDate): boolean {
  if (FIXED_HOLIDAYS.includes(isoDate(date).slice(5))) return true
  const easter = easterSunday(date.year)
  return EASTER_OFFSETS.some((offset) => isoDate(addDays(easter, offset)) === isoDate(date))
}

export function isWorkingDay(date: CivilDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !isFrenchPublicHoliday(date)
}

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
