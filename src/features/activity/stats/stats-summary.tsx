// The period's totals, each with its change from the previous period of the same length.
import type { ActivityFigures } from '../../../contracts/activity.ts'
import { statsScreen as t } from '../../../i18n/fr/activity.ts'
import { formatDelta, formatMetric, type Metric } from './stats-metrics.ts'

export type DeltaProps = { metric: Metric; current: ActivityFigures; previous: ActivityFigures }

/** `+3` under a figure, with the previous period's value for screen readers and on hover. */
export function Delta({ metric, current, previous }: DeltaProps) {
  const before = metric.value(previous)
  const delta = formatDelta(metric.kind, metric.value(current), before)
  if (delta === null) return null
  const label = t.delta.label(formatMetric(metric.kind, before))
  const direction = delta.startsWith('+') ? 'up' : delta === t.delta.same ? 'same' : 'down'
  return (
    <span className={`delta delta--${direction}`} title={label}>
      {delta}
      <span className="activity-visually-hidden">{` (${label})`}</span>
    </span>
  )
}

export type StatsSummaryProps = {
  metrics: readonly Metric[]
  current: ActivityFigures
  previous: ActivityFigures
}

export function StatsSummary({ metrics, current, previous }: StatsSummaryProps) {
  return (
    <dl className="figure-tiles" aria-label={t.summaryLabel}>
      {metrics.map((metric) => (
        <div key={metric.id} className="figure-tile">
          <dt>{metric.label}</dt>
          <dd>
            {formatMetric(metric.kind, metric.value(current))}
            <Delta metric={metric} current={current} previous={previous} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
