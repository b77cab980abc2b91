// The history of extractions (issue #13): who, when, how many filters, rows, state, and the file
// while it is kept (24 hours). A background extraction shows its progress until it is done.
import type { Extraction } from '../../contracts/extractions.ts'
import { extractionFileUrl } from '../../api/extractions.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { extractionsScreen as t } from '../../i18n/fr/extractions.ts'
import { activeFilterCount } from './extraction-draft.ts'
import { personName } from '../../contracts/person-name.ts'

export type ExtractionHistoryProps = { items: readonly Extraction[] }

function stateText(item: Extraction): string {
  if (item.state === 'running' || item.state === 'queued') return t.progress(item.rowsDone, item.rowCount)
  return t.states[item.state]
}

function fileCell(item: Extraction) {
  if (item.downloadable)
    return (
      <a href={extractionFileUrl(item.id)} download aria-label={t.downloadLabel(item.id)}>
        {t.download}
      </a>
    )
  return item.state === 'done' ? t.expired : t.noFile
}

export function ExtractionHistory({ items }: ExtractionHistoryProps) {
  if (items.length === 0) return <p>{t.historyEmpty}</p>
  return (
    <table className="extractions__history" aria-label={t.history}>
      <thead>
        <tr>
          <th scope="col">{t.historyColumns.when}</th>
          <th scope="col">{t.historyColumns.who}</th>
          <th scope="col">{t.historyColumns.filters}</th>
          <th scope="col">{t.historyColumns.rows}</th>
          <th scope="col">{t.historyColumns.state}</th>
          <th scope="col">{t.historyColumns.file}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const filters = activeFilterCount(item.filters)
          return (
            <tr key={item.id}>
              <td>{formatDateTime(item.createdAt)}</td>
              <td>{item.user ? personName(item.user) : t.noFile}</td>
              <td>{filters === 0 ? t.noFilter : t.filterCount(filters)}</td>
              <td>{item.rowCount?.toLocaleString('fr-FR') ?? t.noFile}</td>
              <td>{item.error ? `${stateText(item)} : ${item.error}` : stateText(item)}</td>
              <td>{fileCell(item)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
