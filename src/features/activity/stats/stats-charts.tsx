// The statistics' charts (issue #14): calls per day (a line), or per hour for a one-day period (bars);
// the outcomes by tag against the previous period (bars); the agents compared (horizontal bars). Loaded
// lazily by the statistics screen, so Chart.js never delays its table. Each canvas carries its figures
// in words (aria-label): the table below says the same, readable by everyone.
import type { ReactNode } from 'react'
import { Bar, Line } from 'react-chartjs-2'
import type { ActivityStats } from '../../../contracts/activity.ts'
import { statsScreen } from '../../../i18n/fr/activity.ts'
import { formatShortDay } from '../../../i18n/format-figures.ts'
import { baseOptions, CHART_COLORS, COUNT_AXIS } from './chart-setup.ts'

const t = statsScreen.charts

type ChartFigureProps = { title: string; height: number; children: ReactNode }

function ChartFigure({ title, height, children }: ChartFigureProps) {
  return (
    <figure className="stats-chart">
      <figcaption>{title}</figcaption>
      <div className="stats-chart__canvas" style={{ height }}>
        {children}
      </div>
    </figure>
  )
}

const summaryOf = (title: string, items: [string, number][]) =>
  t.summary(title, items.map(([label, value]) => `${label} ${value}`).join(', '))

function CallsOverTime({ stats }: { stats: ActivityStats }) {
  if (stats.perHour) {
    // Working hours only (and any hour with calls), so a day's bars stay wide on a tablet.
    const hours = stats.perHour.filter(
      (h) => (h.hour >= 8 && h.hour <= 20) || h.callsMade + h.callsReceived > 0,
    )
    const labels = hours.map((h) => t.hour(h.hour))
    const summary = summaryOf(
      t.perHour,
      hours.map((h) => [t.hour(h.hour), h.callsMade + h.callsReceived]),
    )
    return (
      <ChartFigure title={t.perHour} height={260}>
        <Bar
          aria-label={summary}
          role="img"
          options={{
            ...baseOptions<'bar'>(),
            scales: { x: { stacked: true }, y: { stacked: true, ...COUNT_AXIS } },
          }}
          data={{
            labels,
            datasets: [
              { label: t.made, data: hours.map((h) => h.callsMade), backgroundColor: CHART_COLORS.made },
              {
                label: t.received,
                data: hours.map((h) => h.callsReceived),
                backgroundColor: CHART_COLORS.received,
              },
            ],
          }}
        />
      </ChartFigure>
    )
  }
  const labels = stats.perDay.map((d) => formatShortDay(d.day))
  const summary = summaryOf(
    t.perDay,
    stats.perDay.map((d, i) => [labels[i]!, d.callsMade + d.callsReceived]),
  )
  const line = (label: string, data: number[], color: string) => ({
    label,
    data,
    borderColor: color,
    backgroundColor: color,
    pointRadius: stats.perDay.length > 45 ? 0 : 3,
    tension: 0.2,
  })
  return (
    <ChartFigure title={t.perDay} height={260}>
      <Line
        aria-label={summary}
        role="img"
        options={{ ...baseOptions<'line'>(), scales: { y: COUNT_AXIS } }}
        data={{
          labels,
          datasets: [
            line(
              t.made,
              stats.perDay.map((d) => d.callsMade),
              CHART_COLORS.made,
            ),
            line(
              t.received,
              stats.perDay.map((d) => d.callsReceived),
              CHART_COLORS.received,
            ),
            line(
              t.answered,
              stats.perDay.map((d) => d.answered),
              CHART_COLORS.answered,
            ),
            line(
              t.appointments,
              stats.perDay.map((d) => d.appointments),
              CHART_COLORS.appointments,
            ),
          ],
        }}
      />
    </ChartFigure>
  )
}

function Outcomes({ stats }: { stats: ActivityStats }) {
  const { current, previous } = stats.totals
  const count = (figures: typeof current, id: number) => figures.tagsByOutcome[String(id)] ?? 0
  const summary = summaryOf(
    t.outcomes,
    stats.tags.map((tag) => [tag.label, count(current, tag.id)]),
  )
  return (
    <ChartFigure title={t.outcomes} height={260}>
      <Bar
        aria-label={summary}
        role="img"
        options={{ ...baseOptions<'bar'>(), scales: { y: COUNT_AXIS } }}
        data={{
          labels: stats.tags.map((tag) => tag.label),
          datasets: [
            {
              label: t.current,
              data: stats.tags.map((tag) => count(current, tag.id)),
              backgroundColor: CHART_COLORS.made,
            },
            {
              label: t.previous,
              data: stats.tags.map((tag) => count(previous, tag.id)),
              backgroundColor: CHART_COLORS.previous,
            },
          ],
        }}
      />
    </ChartFigure>
  )
}

/** The 30 busiest agents at most: beyond, a bar chart is no longer readable on a tablet. */
const MAX_AGENTS = 30

function Agents({ stats }: { stats: ActivityStats }) {
  const rows = stats.rows
    .map((row) => ({ row, calls: row.current.callsMade + row.current.callsReceived }))
    .toSorted((a, b) => b.calls - a.calls)
    .slice(0, MAX_AGENTS)
  const labels = rows.map(({ row }) => `${row.firstName} ${row.lastName.charAt(0)}.`)
  const summary = summaryOf(
    t.agents,
    rows.map(({ calls }, i) => [labels[i]!, calls]),
  )
  return (
    <ChartFigure title={t.agents} height={Math.max(160, 40 + rows.length * 28)}>
      <Bar
        aria-label={summary}
        role="img"
        options={{
          ...baseOptions<'bar'>(),
          indexAxis: 'y',
          interaction: { mode: 'index', intersect: false, axis: 'y' },
          scales: { x: COUNT_AXIS },
        }}
        data={{
          labels,
          datasets: [
            {
              label: t.made,
              data: rows.map(({ row }) => row.current.callsMade),
              backgroundColor: CHART_COLORS.made,
            },
            {
              label: t.received,
              data: rows.map(({ row }) => row.current.callsReceived),
              backgroundColor: CHART_COLORS.received,
            },
            {
              label: t.answered,
              data: rows.map(({ row }) => row.current.answered),
              backgroundColor: CHART_COLORS.answered,
            },
          ],
        }}
      />
    </ChartFigure>
  )
}

export type StatsChartsProps = { stats: ActivityStats }

export function StatsCharts({ stats }: StatsChartsProps) {
  const anything =
    stats.totals.current.callsMade + stats.totals.current.callsReceived + stats.totals.current.tags > 0
  if (!anything) return <p className="activity__empty">{t.empty}</p>
  return (
    <div className="stats-charts">
      <CallsOverTime stats={stats} />
      {stats.tags.length > 0 ? <Outcomes stats={stats} /> : null}
      {stats.rows.length > 1 ? <Agents stats={stats} /> : null}
    </div>
  )
}
