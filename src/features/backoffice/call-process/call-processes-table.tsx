// The call-process list (issue #12): @tanstack/react-table for the columns; the server filters and
// pages. The name is a link to the editor; duplicate, archive and restore are buttons on the row, so
// the list is walked with Tab.
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { Link } from 'react-router-dom'
import { paths } from '../../../contracts/app-paths.ts'
import type { CallProcessSummary } from '../../../contracts/call-processes.ts'
import { callProcessList as t } from '../../../i18n/fr/backoffice-call-process.ts'
import { formatCount } from './call-process-format.ts'

const features = tableFeatures({})
const helper = createColumnHelper<typeof features, CallProcessSummary>()

const columns = helper.columns([
  helper.accessor('name', { id: 'name', header: t.columns.name }),
  helper.accessor((process) => formatCount(process.stepCount), { id: 'steps', header: t.columns.steps }),
  helper.accessor((process) => process.missions.map((mission) => mission.name).join(', ') || t.noMission, {
    id: 'missions',
    header: t.columns.missions,
  }),
  helper.accessor((process) => formatCount(process.leadCount), { id: 'leads', header: t.columns.leads }),
  helper.accessor((process) => (process.archivedAt ? t.archived : t.active), {
    id: 'status',
    header: t.columns.status,
  }),
  helper.display({ id: 'actions', header: t.columns.actions }),
])

export type CallProcessAction = 'duplicate' | 'archive' | 'restore'

export type CallProcessesTableProps = {
  processes: readonly CallProcessSummary[]
  onAction: (process: CallProcessSummary, action: CallProcessAction) => void
}

export function CallProcessesTable({ processes, onAction }: CallProcessesTableProps) {
  const table = useTable({
    features,
    columns,
    data: processes as CallProcessSummary[],
    getRowId: (process) => String(process.id),
  })

  return (
    <div className="call-process-table__scroll">
      <table className="call-process-table" aria-label={t.tableLabel}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const process = row.original
            return (
              <tr key={row.id}>
                {row.getAllCells().map((cell) =>
                  cell.column.id === 'name' ? (
                    <th key={cell.id} scope="row">
                      <Link to={paths.backofficeCallProcess(process.id)} aria-label={t.open(process.name)}>
                        {process.name}
                      </Link>
                    </th>
                  ) : cell.column.id === 'actions' ? (
                    <td key={cell.id} className="call-process-table__actions">
                      <button
                        type="button"
                        className="call-process-table__action"
                        aria-label={t.duplicateLabel(process.name)}
                        onClick={() => onAction(process, 'duplicate')}
                      >
                        {t.duplicate}
                      </button>
                      {process.archivedAt ? (
                        <button
                          type="button"
                          className="call-process-table__action"
                          aria-label={t.restoreLabel(process.name)}
                          onClick={() => onAction(process, 'restore')}
                        >
                          {t.restore}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="call-process-table__action call-process-table__action--danger"
                          aria-label={t.archiveLabel(process.name)}
                          onClick={() => onAction(process, 'archive')}
                        >
                          {t.archive}
                        </button>
                      )}
                    </td>
                  ) : (
                    <td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ),
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
