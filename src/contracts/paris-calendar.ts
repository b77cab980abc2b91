// The calendar of Paris (docs/domain.md "Appointments", "Recall"): civil dates, the instant at which
// Paris's wall clock shows a given time (DST-correct), and France's working days (weekends and the
// eleven public holidays of metropolitan France). Time zones through @date-fns/tz's TZDate, date
// arithmetic through date-fns (docs/decisions.md); the public holidays are computed here, since no
// library of the field ships France's. The server's rules and the client's pickers share them.
import { TZDate } from '@date-fns/tz'
// Per-function entry points: the package's index re-exports ~250 modules, which the lead sheet's
// chunk and the unit tests' module graph would otherwise load.
import { addDays as addCalendarDays } from 'date-fns/addDays'
import { isWeekend } from 'date-fns/isWeekend'

export const PARIS_TIME_ZONE = 'Europe/Paris'

/** A calendar date of the agenda's time zone. */
export type CivilDate = { year: number; month: number; day: number }

/** Minutes after local midnight that the wall clock of `timeZone` shows at `instant`. */
export function minutesOfDay(instant: Date, timeZone = PARIS_TIME_ZONE): number {
  const wall = new TZDate(instant, timeZone)
  return wall.getHours() * 60 + wall.getMinutes()
}

/** `YYYY-MM-DD` → a civil date; null when it is not a real calendar date. */
export function parseIsoDate(value: string): CivilDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  // A day that does not exist (30 February) rolls over into another date.
  return isoDate(localCivilDate(utcNoon(date))) === value ? date : null
}

/** The instant at which the wall clock of `timeZone` shows `date` at `minutes` after midnight. */
export function zonedInstant(date: CivilDate, minutes: number, timeZone = PARIS_TIME_ZONE): Date {
  const wall = new TZDate(
    date.year,
    date.month - 1,
    date.day,
    Math.floor(minutes / 60),
    minutes % 60,
    timeZone,
  )
  return new Date(wall.getTime())
}

export function civilDateOf(instant: Date, timeZone = PARIS_TIME_ZONE): CivilDate {
  return localCivilDate(new TZDate(instant, timeZone))
}

/** The civil date a Date's own calendar fields show (its time zone's, for a TZDate). */
function localCivilDate(date: Date): CivilDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
}

/** Noon of the civil date in UTC: calendar arithmetic that no time zone or DST change can shift. */
function utcNoon(date: CivilDate): TZDate {
  return new TZDate(date.year, date.month - 1, date.day, 12, 0, 'UTC')
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return localCivilDate(addCalendarDays(utcNoon(date), days))
}

export function isoDate(date: CivilDate): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0')
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`
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

/** Each year's public holidays as `MM-DD`, computed once (its time-zone arithmetic is not free). */
const holidaysByYear = new Map<number, Set<string>>()

function holidaysOf(year: number): Set<string> {
  let holidays = holidaysByYear.get(year)
  if (!holidays) {
    const easter = easterSunday(year)
    holidays = new Set([
      ...FIXED_HOLIDAYS,
      ...EASTER_OFFSETS.map((offset) => isoDate(addDays(easter, offset)).slice(5)),
    ])
    holidaysByYear.set(year, holidays)
  }
  return holidays
}

/** The eleven public holidays of metropolitan France (Alsace-Moselle's two extra days are not). */
export function isFrenchPublicHoliday(date: CivilDate): boolean {
  return holidaysOf(date.year).has(isoDate(date).slice(5))
}

export function isWorkingDay(date: CivilDate): boolean {
  return !isWeekend(utcNoon(date)) && !isFrenchPublicHoliday(date)
}

const parisFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** `lundi 30 mars à 10:00` (Paris), for the server's French messages; the UI uses src/i18n/format.ts. */
export function formatParisDateTime(instant: Date): string {
  const parts: Record<string, string> = {}
  for (const part of parisFormat.formatToParts(instant)) parts[part.type] = part.value
  const day = parts.day === '1' ? '1er' : parts.day
  return `${parts.weekday} ${day} ${parts.month} à ${parts.hour}:${parts.minute}`
}

// Days as ISO strings (YYYY-MM-DD) for the gamification and the daily aggregates (docs/domain.md
// "Daily activity"): the day an instant falls on, the previous working day, the week before.
export function parisDay(instant: Date): string {
  return isoDate(civilDateOf(instant))
}

function civil(day: string): CivilDate {
  const date = parseIsoDate(day)
  if (!date) throw new Error(`not a day: ${day}`)
  return date
}

/** `day` shifted by `days` calendar days. */
export function shiftDay(day: string, days: number): string {
  return isoDate(addDays(civil(day), days))
}

/** The working day (Monday–Friday, not a French public holiday) before `day`. */
export function previousWorkingDay(day: string): string {
  let date = addDays(civil(day), -1)
  while (!isWorkingDay(date)) date = addDays(date, -1)
  return isoDate(date)
}

/** [start, end) instants of the Paris days `from` to `to` included. */
export function dayRange(from: string, to: string): { start: Date; end: Date } {
  return { start: zonedInstant(civil(from), 0), end: zonedInstant(addDays(civil(to), 1), 0) }
}

/** Monday to Sunday of the Paris week before `day`'s, and its working days. */
export function previousWeek(day: string): { monday: string; sunday: string; workingDays: string[] } {
  const date = civil(day)
  // 0 = Monday … 6 = Sunday, from the civil date's own weekday (noon UTC: no zone can shift it).
  const weekday = (new Date(Date.UTC(date.year, date.month - 1, date.day, 12)).getUTCDay() + 6) % 7
  const monday = addDays(date, -weekday - 7)
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i))
  return {
    monday: isoDate(monday),
    sunday: isoDate(days[6]!),
    workingDays: days.filter(isWorkingDay).map(isoDate),
  }
}

export { withOrdinalFirst } from './ordinal-day.ts'
