// Cell values of imported lead files → the values a lead stores (issue #13; docs/domain.md "Lead import").
// Phones through libphonenumber-js's `max` metadata (docs/decisions.md: `min` checks lengths only and
// would take a Guadeloupe 0690… for a metropolitan mobile), dates read in Europe/Paris with @date-fns/tz.
import { TZDate } from '@date-fns/tz'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { CountryCode } from 'libphonenumber-js/max'
import { z } from 'zod'
import { PARIS_TIME_ZONE } from '../../../src/contracts/paris-calendar.ts'

export type Normalised<T> = ({ ok: true } & T) | { ok: false; message: string }

const quote = (raw: string) => `« ${raw.length > 60 ? `${raw.slice(0, 60)}…` : raw} »`

// ---- Phones ----

/**
 * French overseas numbers belong to the national numbering plan (0690… from Paris) but have their own
 * country codes: `0690 12 34 56` is Guadeloupe's +590 690 12 34 56, not +33 6 90…. Keys are the
 * first three digits of the national significant number (ARCEP plan). Saint-Pierre-et-Miquelon (+508) is
 * outside the 10-digit plan: written `+508…`.
 */
const OVERSEAS_PREFIXES: Record<string, CountryCode> = {
  '590': 'GP',
  '690': 'GP',
  '691': 'GP',
  '594': 'GF',
  '694': 'GF',
  '596': 'MQ',
  '696': 'MQ',
  '697': 'MQ',
  '262': 'RE',
  '263': 'RE',
  '692': 'RE',
  '693': 'RE',
  '269': 'YT',
  '639': 'YT',
}
/** Country codes dialled as national `0…` numbers from France (csv-safety writes them that way). */
export const FRENCH_NUMBERING_PLAN_CODES = new Set(['33', '590', '594', '596', '262'])

const PHONE_CHARACTERS = /^[+\d\s.\-()/]+$/u

/** `06 12 34 56 78`, `+33 (0)6…`, `0033 6…`, `33612345678`, `612345678` (a spreadsheet's number), `0690…`, `+32…` → E.164. */
export function normalisePhone(raw: string): Normalised<{ e164: string }> {
  // A leading apostrophe before `+` is the CSV-injection guard of our own reports and extractions
  // (csv-safety.ts), or Excel's text marker: not part of the number.
  const input = raw.trim().replace(/^'(?=\+)/u, '')
  const invalid = { ok: false as const, message: `Numéro de téléphone invalide : ${quote(input)}.` }
  if (input === '' || input.length > 40 || !PHONE_CHARACTERS.test(input)) return invalid
  let parsed = parsePhoneNumberFromString(input, 'FR')
  if (parsed?.countryCallingCode === '33') {
    const overseas = OVERSEAS_PREFIXES[parsed.nationalNumber.slice(0, 3)]
    if (overseas) parsed = parsePhoneNumberFromString(`0${parsed.nationalNumber}`, overseas)
  }
  if (!parsed?.isValid()) return invalid
  return { ok: true, e164: parsed.number }
}

// ---- E-mails ----

const emailFormat = z.email()

/** Trimmed, domain lower-cased (the local part is the mailbox owner's); empty → null. */
export function normaliseEmail(raw: string): Normalised<{ email: string | null }> {
  const input = raw.trim()
  if (input === '') return { ok: true, email: null }
  const at = input.lastIndexOf('@')
  const email = at < 0 ? input : `${input.slice(0, at)}@${input.slice(at + 1).toLowerCase()}`
  if (email.length > 254 || !emailFormat.safeParse(email).success)
    return { ok: false, message: `Adresse e-mail invalide : ${quote(input)}.` }
  return { ok: true, email }
}

// ---- Postal codes ----

/** 5 digits; 4 digits get back the leading zero a spreadsheet dropped (1000 → 01000); Corsica's 2A/2B kept. */
export function normalisePostalCode(raw: string | number): Normalised<{ postalCode: string }> {
  const input = String(raw).trim().replace(/\s+/g, '').toUpperCase()
  if (/^\d{5}$/.test(input) || /^2[AB]\d{3}$/.test(input)) return { ok: true, postalCode: input }
  if (/^\d{4}$/.test(input)) return { ok: true, postalCode: `0${input}` }
  return { ok: false, message: `Code postal invalide : ${quote(String(raw).trim())} (5 chiffres attendus).` }
}

// ---- Dates ----

/** Excel's day 0 (serial 25569 = 1970-01-01); serials before 1970 are refused (a bare year is not a date). */
const EXCEL_EPOCH_OFFSET_DAYS = 25569
const EXCEL_SERIAL_MIN = EXCEL_EPOCH_OFFSET_DAYS
const EXCEL_SERIAL_MAX = 73051 // 2099-12-31
const DAY_MS = 86_400_000

// d/M/y with `/`, `-` or `.`, an optional time `14:30`, `14:30:15`, `14h30` or `14h`; ISO dates.
const FRENCH_DATE =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:\s+(\d{1,2})(?:[:h](\d{2})(?::(\d{2}))?|h))?$/iu
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/u
const ISO_ABSOLUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/u
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/u
const SERIAL = /^\d{5}(?:[.,]\d+)?$/u

/** A two-digit year: this century unless that lands more than 50 years ahead (date-fns's `yy` rule). */
function fullYear(year: string, now = new Date()): number {
  if (year.length === 4) return Number(year)
  const candidate = 2000 + Number(year)
  return candidate > now.getUTCFullYear() + 50 ? candidate - 100 : candidate
}

/**
 * The instant at which Paris's wall clock shows these fields (TZDate: DST-correct); null when a field
 * is out of range (31/02, 25:00). Checked by hand rather than with date-fns's `parse`, which costs
 * ~100 µs a call: too slow for 100,000 rows. A time in the spring gap (02:30) reads as TZDate does (03:30).
 */
function parisWallClock(
  year: string,
  month: string,
  day: string,
  hour = '0',
  minute = '00',
  second = '00',
): Date | null {
  const [y, mo, d, h, mi, s] = [
    fullYear(year),
    Number(month),
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  ]
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate()
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return null
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - parisOffsetMs(y, mo - 1, d, h))
}

// Paris's UTC offset per wall-clock hour: it only changes on the hour (02:00/03:00), so one TZDate
// (~20 µs, the import's main cost otherwise) per distinct hour of the file. Bounded.
const offsets = new Map<number, number>()

function parisOffsetMs(year: number, monthIndex: number, day: number, hour: number): number {
  const wallHour = Date.UTC(year, monthIndex, day, hour)
  let offset = offsets.get(wallHour)
  if (offset === undefined) {
    offset = wallHour - new TZDate(year, monthIndex, day, hour, 0, 0, PARIS_TIME_ZONE).getTime()
    if (offsets.size >= 50_000) offsets.clear()
    offsets.set(wallHour, offset)
  }
  return offset
}

/** A Date whose UTC fields hold a spreadsheet's wall clock (read-excel-file's dates, Excel serials) → the Paris instant. */
function fromUtcWallClock(wall: Date): Date {
  const ms = Math.round(wall.getTime() / 1000) * 1000
  const rounded = new Date(ms)
  const instant = new TZDate(
    rounded.getUTCFullYear(),
    rounded.getUTCMonth(),
    rounded.getUTCDate(),
    rounded.getUTCHours(),
    rounded.getUTCMinutes(),
    rounded.getUTCSeconds(),
    PARIS_TIME_ZONE,
  )
  return new Date(instant.getTime())
}

function inRange(date: Date | null): date is Date {
  if (!date || Number.isNaN(date.getTime())) return false
  const year = date.getUTCFullYear()
  return year >= 1970 && year <= 2100
}

function parseDateText(input: string): Date | null {
  let match = FRENCH_DATE.exec(input)
  if (match) {
    const [, day, month, year, hour, minute, second] = match
    return parisWallClock(year!, month!, day!, hour, minute ?? '00', second ?? '00')
  }
  match = ISO_LOCAL.exec(input)
  if (match) {
    const [, year, month, day, hour, minute, second] = match
    return parisWallClock(year!, month!, day!, hour, minute ?? '00', second ?? '00')
  }
  if (ISO_ABSOLUTE.test(input)) return new Date(input)
  match = COMPACT.exec(input)
  if (match) return parisWallClock(match[1]!, match[2]!, match[3]!)
  if (SERIAL.test(input)) return fromExcelSerial(Number(input.replace(',', '.')))
  return null
}

function fromExcelSerial(serial: number): Date | null {
  if (!Number.isFinite(serial) || serial < EXCEL_SERIAL_MIN || serial > EXCEL_SERIAL_MAX) return null
  return fromUtcWallClock(new Date((serial - EXCEL_EPOCH_OFFSET_DAYS) * DAY_MS))
}

/**
 * A meet-request date as French files write it, read in Europe/Paris (a date alone is 00:00 Paris):
 * `24/11/2026`, `24/11/2026 14:30`, `24/11/26`, `24-11-2026`, `24.11.2026`, `24/11/2026 14h30`,
 * `2026-11-24`, `2026-11-24T14:30`, an ISO instant with its offset, `20261124`, Excel serials
 * (45620, 45620.5) as number or text, and the Date objects read-excel-file gives (wall clock in UTC fields).
 */
export function parseFrenchDate(raw: string | number | Date): Normalised<{ date: Date }> {
  let date: Date | null
  if (raw instanceof Date) date = Number.isNaN(raw.getTime()) ? null : fromUtcWallClock(raw)
  else if (typeof raw === 'number') date = fromExcelSerial(raw)
  else date = parseDateText(raw.trim().replace(/\s+/g, ' '))
  if (inRange(date)) return { ok: true, date }
  const shown = raw instanceof Date ? 'date Excel' : String(raw).trim()
  return {
    ok: false,
    message: `Date invalide : ${quote(shown)} (par exemple 24/11/2026 ou 24/11/2026 14:30).`,
  }
}
