// « Colonnes affichées » (issue #31 point 4): which figures the per-agent table shows. Five by default so
// the table fits a tablet; the choice lives in the URL (`?cols=`) like the period and the sort. At least
// one figure stays ticked.
import { statsScreen as t } from '../../../i18n/fr/activity.ts'
import type { Metric } from './stats-metrics.ts'

export type ColumnChooserProps = {
  metrics: readonly Metric[]
  shown: readonly string[]
  /** The ids to show, in the metrics' order. */
  onChange: (shown: string[]) => void
}

export function ColumnChooser({ metrics, shown, onChange }: ColumnChooserProps) {
  const ticked = new Set(shown)
  const tickedCount = metrics.filter((metric) => ticked.has(metric.id)).length

  function toggle(id: string, on: boolean) {
    const next = new Set(ticked)
    if (on) next.add(id)
    else next.delete(id)
    onChange(metrics.filter((metric) => next.has(metric.id)).map((metric) => metric.id))
  }

  return (
    <details className="column-chooser">
      <summary>{t.columns.title(tickedCount, metrics.length)}</summary>
      <fieldset className="column-chooser__list">
        <legend className="activity-visually-hidden">{t.columns.legend}</legend>
        {metrics.map((metric) => {
          const checked = ticked.has(metric.id)
          return (
            <label key={metric.id} className="column-chooser__item">
              <input
                type="checkbox"
                checked={checked}
                disabled={checked && tickedCount === 1}
                onChange={(event) => toggle(metric.id, event.currentTarget.checked)}
              />
              {metric.label}
            </label>
          )
        })}
      </fieldset>
    </details>
  )
}
