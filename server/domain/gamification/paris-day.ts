// Europe/Paris days for the gamification and the daily aggregates (docs/domain.md "Daily activity"):
// the day an instant falls on, the previous working day, the week before, DST-correct.
import {
  addDays,
  civilDateOf,
  isoDate,
  isWorkingDay,
  parseIsoDate,
  zonedInstant,
  type CivilDate,
} from '../../../src/contracts/paris-calendar.ts'

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
