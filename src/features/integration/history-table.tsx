// The imports of /integration/history (issue #13 "History"): file (a link that reopens the import's
// stepper), size, who and when, mission and markets, mapping, counts, duration, state in French, and
// the row's actions: the original file, the rejected rows, cancel or undo (confirmed first).
import { Link } from 'react-router-dom'
import { importDownloads } from '../../api/imports.ts'
import { Button } from '../../components/ui/button.tsx'
import { paths } from '../../contracts/app-paths.ts'
import type { ImportSummary } from '../../contracts/imports.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { historyScreen, historyTable as t } from '../../i18n/fr/integration-history.ts'
import { formatDuration, formatFileSize, importStates } from '../../i18n/fr/integration.ts'
import { personName } from '../../contracts/person-name.ts'

export type ImportAction = 'cancel' | 'undo'

/** The states the server cancels (server/domain/imports/actions.ts): the analysis too. */
const CANCELLABLE: ReadonlySet<ImportSummary['state']> = new Set(['analysing', 'queued', 'running'])

export type HistoryTableProps = {
  imports: readonly ImportSummary[]
  onAction: (action: ImportAction, item: ImportSummary) => void
}

function Counts({ item }: { item: ImportSummary }) {
  if (item.state === 'queued' || item.state === 'running')
    return <>{t.progress(item.rowsDone, item.totalRows)}</>
  if (item.startedAt === null) return <>{t.totalRows(item.totalRows)}</>
  return (
    <>
      {t.counts(item.importedCount, item.updatedCount, item.skippedCount, item.rejectedCount)}{' '}
      {t.totalRows(item.totalRows)}
      {item.undoDeletedCount === null ? null : (
        <span className="integration__samples">
          {t.undoneCounts(item.undoDeletedCount, item.undoKeptCount ?? 0)}
        </span>
      )}
    </>
  )
}

function Actions({ item, onAction }: { item: ImportSummary; onAction: HistoryTableProps['onAction'] }) {
  return (
    <div className="integration__row-actions">
      {item.fileAvailable ? (
        <a href={importDownloads.file(item.id)} download aria-label={t.downloadFileOf(item.fileName)}>
          {t.downloadFile}
        </a>
      ) : null}
      {item.rejectedCount + item.skippedCount > 0 ? (
        <a href={importDownloads.rejected(item.id)} download aria-label={t.downloadRejectedOf(item.fileName)}>
          {t.downloadRejected}
        </a>
      ) : null}
      {CANCELLABLE.has(item.state) ? (
        <Button variant="secondary" onClick={() => onAction('cancel', item)}>
          <span aria-hidden="true">{t.cancel}</span>
          <span className="integration__hidden">{t.cancelOf(item.fileName)}</span>
        </Button>
      ) : null}
      {item.state === 'done' || item.state === 'cancelled' ? (
        <Button variant="danger" onClick={() => onAction('undo', item)}>
          <span aria-hidden="true">{t.undo}</span>
          <span className="integration__hidden">{t.undoOf(item.fileName)}</span>
        </Button>
      ) : null}
    </div>
  )
}

export function HistoryTable({ imports, onAction }: HistoryTableProps) {
  return (
    <div className="integration__scroll">
      <table className="integration__table" aria-label={historyScreen.tableLabel}>
        <thead>
          <tr>
            {Object.values(t.columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {imports.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                <Link
                  to={`${paths.integrationIntegrate()}?import=${item.id}`}
                  aria-label={t.open(item.fileName)}
                >
                  {item.fileName}
                </Link>
                <span className="integration__suggested">{formatFileSize(item.fileSize)}</span>
              </th>
              <td>
                {item.createdBy === null ? t.deletedUser : personName(item.createdBy)}
                <span className="integration__suggested">{t.on(formatDateTime(item.createdAt))}</span>
              </td>
              <td>
                {item.mission?.name ?? t.none}
                <span className="integration__suggested">
                  {item.markets.map((market) => market.name).join(', ')}
                </span>
              </td>
              <td>{item.mappingName ?? t.none}</td>
              <td>
                <Counts item={item} />
              </td>
              <td>{item.durationMs === null ? t.none : formatDuration(item.durationMs / 1000)}</td>
              <td>{importStates[item.state]}</td>
              <td>
                <Actions item={item} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
