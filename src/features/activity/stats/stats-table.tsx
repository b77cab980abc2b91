// The statistics per agent (issue #14): @tanstack/react-table sorts the rows in the browser (one page:
// the agents of the selection), the URL holds the sort. Each figure shows its change from the previous
// period. On a narrow tablet the table scrolls in its own box, the agents' names staying in view.
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
  type Row,
  type SortingState,
} from '@tanstack/react-table'
import type { ActivityFigures, AgentStats } from '../../../contracts/activity.ts'
import { statsScreen as t } from '../../../i18n/fr/activity.ts'
import { DEFAULT_SORT } from '../activity-params.ts'
import { Button } from '../../../components/ui/button.tsx'
import { downloadCsv, statsCsv } from './stats-csv.ts'
import { formatMetric, type Metric } from './stats-metrics.ts'
import { Delta } from './stats-summary.tsx'
import { personName } from '../../../contracts/person-name.ts'

const compare = (x: string, y: string) => x.localeCompare(y, 'fr', { sensitivity: 'base' })
/** Sorted by last name, then first name (shown « Léa Bonnet » all the same). */
const byName = (a: Row<typeof features, AgentStats>, b: Row<typeof features, AgentStats>) =>
  compare(a.original.lastName, b.original.lastName) || compare(a.original.firstName, b.original.firstName)

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})
const helper = createColumnHelper<typeof features, AgentStats>()

function columnsOf(metrics: readonly Metric[]) {
  return helper.columns([
    helper.accessor((row) => personName(row), {
      id: DEFAULT_SORT,
      header: t.agentColumn,
      sortFn: byName,
    }),
    ...metrics.map((metric) =>
      helper.accessor((row) => metric.value(row.current) ?? undefined, {
        id: metric.id,
        header: metric.label,
        sortFn: 'basic',
        sortUndefined: 'last',
        sortDescFirst: true,
      }),
    ),
  ])
}

export type StatsTableProps = {
  rows: readonly AgentStats[]
  /** The figure columns shown. */
  metrics: readonly Metric[]
  /** The CSV's figures: all of them, whichever columns are shown. */
  exportMetrics: readonly Metric[]
  totals: { current: ActivityFigures; previous: ActivityFigures }
  sort: string
  order: 'asc' | 'desc'
  onSortChange: (sort: string, order: 'asc' | 'desc') => void
  /** The CSV export's file name: it writes the rows as shown, in this order. */
  csvFileName: string
}

export function StatsTable({
  rows,
  metrics,
  exportMetrics,
  totals,
  sort,
  order,
  onSortChange,
  csvFileName,
}: StatsTableProps) {
  const known = sort === DEFAULT_SORT || metrics.some((metric) => metric.id === sort)
  // A sort on a hidden figure falls back to the names.
  const sorting: SortingState = [{ id: known ? sort : DEFAULT_SORT, desc: order === 'desc' }]
  const table = useTable({
    features,
    columns: columnsOf(metrics),
    data: rows as AgentStats[],
    getRowId: (row) => String(row.userId),
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater
      if (next) onSortChange(next.id, next.desc ? 'desc' : 'asc')
    },
  })
  if (rows.length === 0) return <p className="activity__empty">{t.noRows}</p>
  const byId = new Map(metrics.map((metric) => [metric.id, metric]))
  const shown = table.getRowModel().rows

  function handleExport() {
    downloadCsv(
      statsCsv(
        shown.map((row) => row.original),
        exportMetrics,
      ),
      csvFileName,
    )
  }

  return (
    <>
      <div className="activity__actions">
        <Button variant="secondary" onClick={handleExport}>
          {t.exportCsv}
        </Button>
      </div>
      <div className="activity-table__scroll" tabIndex={0} aria-label={t.tableLabel} role="region">
        <table className="activity-table activity-table--stats">
          <caption className="activity-visually-hidden">{t.tableLabel}</caption>
          <thead>
            <tr>
              {table.getHeaderGroups()[0]!.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const label = String(header.column.columnDef.header)
                const color = byId.get(header.column.id)?.color
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button
                      type="button"
                      className="activity-table__sort"
                      onClick={header.column.getToggleSortingHandler()}
                      title={t.sortBy(label)}
                    >
                      {color ? (
                        <span className="mission-dot" style={{ background: color }} aria-hidden="true" />
                      ) : null}
                      {label}
                      <span aria-hidden="true">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => {
                  const metric = byId.get(cell.column.id)
                  if (!metric)
                    return (
                      <th key={cell.id} scope="row">
                        {personName(row.original)}
                      </th>
                    )
                  return (
                    <td key={cell.id}>
                      {formatMetric(metric.kind, metric.value(row.original.current))}
                      <Delta
                        metric={metric}
                        current={row.original.current}
                        previous={row.original.previous}
                      />
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.totalRow}</th>
              {metrics.map((metric) => (
                <td key={metric.id}>
                  {formatMetric(metric.kind, metric.value(totals.current))}
                  <Delta metric={metric} current={totals.current} previous={totals.previous} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  )
}
