// fr-FR display of the activity figures (issue #14): counts, rates, durations, chart days. Apart from
// ./format.ts, which every private page loads: only the activity screens need these.

import { withOrdinalFirst } from '../contracts/ordinal-day.ts'

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 })
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })
const shortDay = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
const longDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** `1 234` */
export function formatCount(value: number): string {
  return integer.format(value)
}

/** `75 %`, `33,3 %`; null (nothing to divide) as given. */
export function formatRate(value: number | null, none: string): string {
  return value === null ? none : percent.format(value)
}

/** `12,5` — a number with at most one decimal, French comma. */
export function formatDecimal(value: number): string {
  return decimal.format(value)
}

/** `45 s`, `3 min 05 s`, `1 h 05 min` (whole seconds, Math.round). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const rest = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  if (hours > 0) return `${hours} h ${two(minutes)} min`
  if (minutes > 0) return `${minutes} min ${two(rest)} s`
  return `${rest} s`
}

/** A running duration as a clock: `2:05`, `1:02:05`. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const two = (n: number) => String(n).padStart(2, '0')
  return hours > 0 ? `${hours}:${two(minutes)}:${two(total % 60)}` : `${minutes}:${two(total % 60)}`
}

/** `h:mm:ss` for a spreadsheet (French Excel reads it as a duration). */
export function formatSpreadsheetDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(total / 3600)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`
}

function noonUtc(day: string): Date {
  return new Date(`${day}T12:00:00Z`)
}

/** A Paris day `2026-03-29` → `dim. 29 mars`, `dim. 1er mars` (chart axes). */
export function formatShortDay(day: string): string {
  return withOrdinalFirst(shortDay, noonUtc(day))
}

/** A Paris day `2026-03-01` → `1er mars 2026`. */
export function formatDay(day: string): string {
  return withOrdinalFirst(longDay, noonUtc(day))
}
