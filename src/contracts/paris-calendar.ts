// The calendar of Paris (docs/domain.md "Appointments", "Recall"): civil dates, the instant at which
// Paris's wall clock shows a given time (DST-correct through Intl, no fixed +1/+2), and France's
// working days (weekends and the eleven public holidays of metropolitan France). Pure functions, no
// dependency: the server's rules and the client's pickers share them.
export const PARIS_TIME_ZONE = 'Europe/Paris'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** A calendar date of the agenda's time zone. */
export type CivilDate = { year: number; month: number; day: number }

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

/** Minutes after local midnight that the wall clock of `timeZone` shows at `instant`. */
export function minutesOfDay(instant: Date, timeZone = PARIS_TIME_ZONE): number {
  return wallClock(instant, timeZone).minutes
}

/** `YYYY-MM-DD` → a civil date; null when it is not a real calendar date. */
export function parseIsoDate(value: string): CivilDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return null
  return { year, month, day }
}

/** How far `timeZone` is ahead of UTC at `instant`, in minutes (60 in Paris winter, 120 in summer). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE_MS + wall.seconds * 1000
  return Math.round((asUtc - instant.getTime()) / MINUTE_MS)
}

/** The instant at which the wall clock of `timeZone` shows `date` at `minutes` after midnight. */
export function zonedInstant(date: CivilDate, minutes: number, timeZone = PARIS_TIME_ZONE): Date {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS
  const first = asUtc - offsetMinutes(new Date(asUtc), timeZone) * MINUTE_MS
  // Near a DST change the offset at the guess may differ from the one at the result: redo once.
  return new Date(asUtc - offsetMinutes(new Date(first), timeZone) * MINUTE_MS)
}

export function civilDateOf(instant: Date, timeZone = PARIS_TIME_ZONE): CivilDate {
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
