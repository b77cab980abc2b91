// The statistics' columns (issue #14, docs/domain.md "Activity"): each figure's value from an agent's
// counts, its display, its CSV cell and how its change from the previous period reads. One list for the
// summary, the table (and its sort) and the CSV export, so they always show the same figures.
import { deriveFigures } from '../../../contracts/activity-periods.ts'
import type { ActivityFigures } from '../../../contracts/activity.ts'
import { activityCommon, statsScreen } from '../../../i18n/fr/activity.ts'
import {
  formatCount,
  formatDecimal,
  formatDuration,
  formatRate,
  formatSpreadsheetDuration,
} from '../../../i18n/format-figures.ts'

export type MetricKind = 'count' | 'rate' | 'duration'

export type Metric = {
  id: string
  label: string
  kind: MetricKind
  /** null: nothing to divide. */
  value: (figures: ActivityFigures) => number | null
  /** Outcome columns: the tag's colour. */
  color?: string
}

const f = activityCommon.figures

export const METRICS: readonly Metric[] = [
  { id: 'callsMade', label: f.callsMade, kind: 'count', value: (x) => x.callsMade },
  { id: 'callsReceived', label: f.callsReceived, kind: 'count', value: (x) => x.callsReceived },
  { id: 'answeredRate', label: f.answeredRate, kind: 'rate', value: (x) => deriveFigures(x).answeredRate },
  { id: 'talkSeconds', label: f.talkTime, kind: 'duration', value: (x) => x.talkSeconds },
  {
    id: 'averageTalk',
    label: f.averageTalk,
    kind: 'duration',
    value: (x) => deriveFigures(x).averageTalkSeconds,
  },
  { id: 'appointments', label: f.appointments, kind: 'count', value: (x) => x.appointments },
  { id: 'leadsProcessed', label: f.leadsProcessed, kind: 'count', value: (x) => x.leadsProcessed },
  { id: 'conversion', label: f.conversion, kind: 'rate', value: (x) => deriveFigures(x).conversion },
  { id: 'xp', label: f.xp, kind: 'count', value: (x) => x.xp },
]

/** One column per catalogue tag named in the period: its outcomes. */
export function tagMetrics(tags: readonly { id: number; label: string; color: string }[]): Metric[] {
  return tags.map((tag) => ({
    id: `tag-${tag.id}`,
    label: tag.label,
    kind: 'count',
    color: tag.color,
    value: (x) => x.tagsByOutcome[String(tag.id)] ?? 0,
  }))
}

export function formatMetric(kind: MetricKind, value: number | null): string {
  if (value === null) return activityCommon.none
  if (kind === 'rate') return formatRate(value, activityCommon.none)
  if (kind === 'duration') return formatDuration(value)
  return formatCount(value)
}

/** The change from the previous period, in words (`+3`, `−1 min 05 s`, `+4,5 pts`, `=`), or null. */
export function formatDelta(
  kind: MetricKind,
  current: number | null,
  previous: number | null,
): string | null {
  if (current === null || previous === null) return null
  const difference = current - previous
  const rounded = kind === 'rate' ? Math.round(difference * 1000) / 10 : Math.round(difference)
  if (rounded === 0) return statsScreen.delta.same
  const size = Math.abs(rounded)
  const text =
    kind === 'rate'
      ? `${formatDecimal(size)} pts`
      : kind === 'duration'
        ? formatDuration(size)
        : formatCount(size)
  return rounded > 0 ? statsScreen.delta.up(text) : statsScreen.delta.down(text)
}

/** A spreadsheet cell: plain numbers (decimal comma), `h:mm:ss` durations, percentages without sign. */
export function csvMetric(kind: MetricKind, value: number | null): string | number {
  if (value === null) return ''
  if (kind === 'rate') return formatDecimal(Math.round(value * 1000) / 10)
  if (kind === 'duration') return formatSpreadsheetDuration(value)
  return value
}
