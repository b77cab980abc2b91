// /activity/stats-teleops (issue #14 "Teleoperator statistics", docs/domain.md "Activity"): per agent
// over a period of Paris days, compared with the previous period of the same length; the totals, the
// sortable table with its CSV export, the charts. Period, filters and sort live in the URL.
import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useUrlView } from '../../../components/ui/use-url-view.ts'
import { activityQueries } from '../../../api/activity.ts'
import { authQueries } from '../../../api/auth.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../../api/error-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { activityCommon, statsScreen as t, screenTitles } from '../../../i18n/fr/activity.ts'
import { formatDay } from '../../../i18n/format-figures.ts'
import {
  readStatsView,
  STATS_DEFAULT_COLUMNS,
  statsQueryOf,
  writeStatsView,
  type StatsView,
} from '../activity-params.ts'
import { ColumnChooser } from './column-chooser.tsx'
import { PeriodFilters } from './period-filters.tsx'
import { METRICS, tagMetrics } from './stats-metrics.ts'
import { StatsSummary } from './stats-summary.tsx'
import { StatsTable } from './stats-table.tsx'
import '../activity.css'

// Chart.js comes with the charts only, after the table (docs/decisions.md).
const StatsCharts = lazy(() =>
  import('./stats-charts.tsx').then((module) => ({ default: module.StatsCharts })),
)

export function StatsScreen() {
  const [view, changeView] = useUrlView(readStatsView, writeStatsView)
  const { data: me } = useQuery(authQueries.me())
  const stats = useQuery(activityQueries.stats(statsQueryOf(view)))
  const { data } = stats

  function handleChange(changes: Partial<StatsView>) {
    changeView((current) => ({ ...current, ...changes }), { replace: true })
  }

  const metrics = data ? [...METRICS, ...tagMetrics(data.tags)] : METRICS
  const shownIds = view.cols ?? STATS_DEFAULT_COLUMNS
  const shownMetrics = metrics.filter((metric) => shownIds.includes(metric.id))

  function handleColumns(ids: string[]) {
    const isDefault =
      ids.length === STATS_DEFAULT_COLUMNS.length && ids.every((id, i) => id === STATS_DEFAULT_COLUMNS[i])
    handleChange({ cols: isDefault ? null : ids })
  }
  return (
    <div className="activity" aria-busy={stats.isFetching}>
      <ScreenTitle title={screenTitles.activityStatsTeleops} />
      <p className="activity__intro">{t.intro}</p>
      <PeriodFilters
        key={view.period}
        view={view}
        shown={data?.period}
        teams={data?.teams ?? []}
        agents={data?.agents ?? []}
        isAdmin={me?.role === 'ADMIN'}
        onChange={handleChange}
      />
      {stats.isError ? (
        <div className="activity__error" role="alert">
          <p>
            {fieldErrorMessage(stats.error, 'to') ??
              fieldErrorMessage(stats.error, 'from') ??
              apiErrorMessage(stats.error, activityCommon.loadFailed)}
          </p>
          <Button onClick={() => void stats.refetch()}>{activityCommon.retry}</Button>
        </div>
      ) : null}
      {!data && stats.isPending ? <p role="status">{activityCommon.loading}</p> : null}
      {data ? (
        <>
          <p className="activity__period">
            {t.periodLine(formatDay(data.period.from), formatDay(data.period.to))}
            <br />
            <span className="activity__previous">
              {t.previousLine(formatDay(data.previous.from), formatDay(data.previous.to))}
            </span>
          </p>
          <StatsSummary metrics={METRICS} current={data.totals.current} previous={data.totals.previous} />
          <section className="activity__section" aria-labelledby="stats-table">
            <h2 id="stats-table">{t.tableTitle}</h2>
            <ColumnChooser metrics={metrics} shown={shownIds} onChange={handleColumns} />
            <StatsTable
              rows={data.rows}
              metrics={shownMetrics.length > 0 ? shownMetrics : METRICS.slice(0, 1)}
              exportMetrics={metrics}
              totals={data.totals}
              sort={view.sort}
              order={view.order}
              onSortChange={(sort, order) => handleChange({ sort, order })}
              csvFileName={t.csvFileName(data.period.from, data.period.to)}
            />
          </section>
          <section className="activity__section" aria-labelledby="stats-charts">
            <h2 id="stats-charts">{t.chartsTitle}</h2>
            <Suspense fallback={<p role="status">{activityCommon.loading}</p>}>
              <StatsCharts stats={data} />
            </Suspense>
          </section>
        </>
      ) : null}
    </div>
  )
}
