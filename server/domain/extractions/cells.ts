// Cell text of an extraction (issue #13), at 100,000 rows per file: dates in Europe/Paris as French
// spreadsheets read them, and phones through one fast path. Formatting a date with Intl or parsing a
// phone with libphonenumber costs tens of microseconds each, several times per row; these keep a row
// in a few microseconds (bench/extraction.ts) while writing the same text.
import { PARIS_TIME_ZONE } from '../../../src/contracts/paris-calendar.ts'
import { neutraliseCell } from '../imports/csv-safety.ts'

const HOUR_MS = 3_600_000
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PARIS_TIME_ZONE,
  timeZoneName: 'longOffset',
})
/** Paris's UTC offset per UTC hour (offsets change on the hour): one Intl call per hour met. */
const offsets = new Map<number, number>()

function parisOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS)
  let offset = offsets.get(hour)
  if (offset === undefined) {
    const name = offsetFormat.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name?.value ?? '')
    offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0
    if (offsets.size > 100_000) offsets.clear()
    offsets.set(hour, offset)
  }
  return offset
}

const two = (value: number) => (value < 10 ? `0${value}` : String(value))

/**
 * The Paris wall clock of an instant as a Date whose UTC fields read it: what an XLSX date cell holds
 * (a spreadsheet date has no zone, and write-excel-file converts from UTC).
 */
export function parisWallClock(instant: number): Date {
  return new Date(instant + parisOffsetMs(instant))
}

/** `24/11/2026 14:30`, in Europe/Paris, of an instant in epoch milliseconds. */
export function parisDateTime(instant: number): string {
  const local = new Date(instant + parisOffsetMs(instant))
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`
}

/** `2026-03-01` (the first day of the integration month) → `03/2026`. */
export function monthText(value: string): string {
  return `${value.slice(5, 7)}/${value.slice(0, 4)}`
}

const METROPOLITAN = /^\+33([1-9])(\d\d)(\d\d)(\d\d)(\d\d)$/

/**
 * A phone cell: what `neutraliseCell(value, 'phone')` writes. Metropolitan French numbers (nearly all
 * of them) take the fast path to the same national form `06 12 34 56 78`; the others go through it.
 */
export function phoneCell(value: string): string {
  const match = METROPOLITAN.exec(value)
  if (!match) return neutraliseCell(value, 'phone')
  return `0${match[1]} ${match[2]} ${match[3]} ${match[4]} ${match[5]}`
}
