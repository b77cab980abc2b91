// The periods of the teleoperator statistics (issue #14, docs/domain.md "Activity"): Europe/Paris
// days, the presets a manager picks, the previous period each is compared with, and the figures
// derived from the daily counts. Zod-free and DOM-free: the server decides, the screens display.
import { addDays, isoDate, parseIsoDate, type CivilDate } from './paris-calendar.ts'

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'this-week',
  'last-week',
  'this-month',
  'custom',
] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]

/** Paris days, `YYYY-MM-DD`, both included. */
export type DayRange = { from: string; to: string }

/** The longest custom period (a leap year). */
export const MAX_PERIOD_DAYS = 366

function civil(day: string): CivilDate {
  const date = parseIsoDate(day)
  if (!date) throw new Error(`not a day: ${day}`)
  return date
}

function shift(day: string, days: number): string {
  return isoDate(addDays(civil(day), days))
}

/** Days from `from` to `to`, both included (1 for a single day); DST-proof (civil dates only). */
export function periodLength({ from, to }: DayRange): number {
  const utc = (day: string) => {
    const { year, month, day: d } = civil(day)
    return Date.UTC(year, month - 1, d)
  }
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayOf(day: string): number {
  const { year, month, day: d } = civil(day)
  return (new Date(Date.UTC(year, month - 1, d, 12)).getUTCDay() + 6) % 7
}

function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0, 12)).getUTCDate()
}

/**
 * The days of a preset on `today` (the Paris day): this week and this month run to today (the days
 * to come have nothing yet), last week is Monday to Sunday. A custom range is taken as given.
 */
export function resolvePeriod(preset: PeriodPreset, today: string, custom?: DayRange): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case 'yesterday':
      return { from: shift(today, -1), to: shift(today, -1) }
    case 'this-week':
      return { from: shift(today, -weekdayOf(today)), to: today }
    case 'last-week': {
      const monday = shift(today, -weekdayOf(today) - 7)
      return { from: monday, to: shift(monday, 6) }
    }
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today }
    case 'custom':
      if (!custom) throw new Error('a custom period needs its days')
      return custom
  }
}

/**
 * The period a period is compared with, of the same length: the same days one week earlier for
 * this week (Monday to the same weekday), the same days of the previous month for this month (its
 * first days, cut at its last day when it is shorter), otherwise the days just before.
 */
export function previousPeriod(preset: PeriodPreset, range: DayRange): DayRange {
  if (preset === 'this-week') return { from: shift(range.from, -7), to: shift(range.to, -7) }
  if (preset === 'this-month') {
    const { year, month } = civil(range.from)
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 }
    const length = Math.min(periodLength(range), lastDayOfMonth(previous.year, previous.month))
    const from = isoDate({ ...previous, day: 1 })
    return { from, to: shift(from, length - 1) }
  }
  const length = periodLength(range)
  return { from: shift(range.from, -length), to: shift(range.from, -1) }
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = []
  for (let day = range.from; day <= range.to; day = shift(day, 1)) days.push(day)
  return days
}

/** What the daily aggregates count (docs/domain.md "Activity"). */
export type ActivityCounts = {
  callsMade: number
  callsReceived: number
  answered: number
  talkSeconds: number
  tags: number
  appointments: number
  leadsProcessed: number
  xp: number
}

/** The figures derived from the counts; null where the divisor is 0 (nothing to divide). */
export type DerivedFigures = {
  calls: number
  /** answered / (made + received), 0–1. */
  answeredRate: number | null
  /** Talk seconds per answered call. */
  averageTalkSeconds: number | null
  /** Appointments per lead processed, 0–1 (or more when a lead gives two). */
  conversion: number | null
}

export function deriveFigures(counts: ActivityCounts): DerivedFigures {
  const calls = counts.callsMade + counts.callsReceived
  return {
    calls,
    answeredRate: calls === 0 ? null : counts.answered / calls,
    averageTalkSeconds: counts.answered === 0 ? null : counts.talkSeconds / counts.answered,
    conversion: counts.leadsProcessed === 0 ? null : counts.appointments / counts.leadsProcessed,
  }
}
