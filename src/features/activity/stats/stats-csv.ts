// The CSV export of the statistics table (issue #14; docs/decisions.md): built in the browser from the
// rows on screen, in their order, so the file is exactly the table (no second request, no second
// reading of the aggregates). As French Excel opens it: UTF-8 with a BOM, `;` between cells, CRLF,
// decimal commas. Text cells that a spreadsheet would run as a formula get the leading `'` of the
// extractions (src/contracts/csv-cell.ts, the server's rule).
import type { AgentStats } from '../../../contracts/activity.ts'
import { neutraliseCsvText } from '../../../contracts/csv-cell.ts'
import { statsScreen } from '../../../i18n/fr/activity.ts'
import { csvMetric, type Metric } from './stats-metrics.ts'
import { personName } from '../../../contracts/person-name.ts'

const BOM = '\uFEFF'
const SEPARATOR = ';'

function cell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutraliseCsvText(value)
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function header(metric: Metric): string {
  if (metric.kind === 'rate') return statsScreen.csvPercent(metric.label)
  return metric.label
}

/** The table as CSV: one line per agent (current figures, then the previous period's). */
export function statsCsv(rows: readonly AgentStats[], metrics: readonly Metric[]): string {
  const head = [
    statsScreen.agentColumn,
    ...metrics.map(header),
    ...metrics.map((metric) => statsScreen.csvPrevious(header(metric))),
  ]
  const lines = rows.map((row) => [
    personName(row),
    ...metrics.map((metric) => csvMetric(metric.kind, metric.value(row.current))),
    ...metrics.map((metric) => csvMetric(metric.kind, metric.value(row.previous))),
  ])
  return BOM + [head, ...lines].map((line) => line.map(cell).join(SEPARATOR)).join('\r\n') + '\r\n'
}

/** Saves `content` as a file named `fileName` (a temporary object URL on a link, clicked). */
export function downloadCsv(content: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
