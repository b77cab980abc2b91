// /backoffice/call-process (issue #12 "Call processes"): the list (search, archived filter and page
// in the URL), "Nouveau call process", and per process duplicate, archive and restore (confirmed).
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { callProcessMutations, callProcessQueries } from '../../../api/call-processes.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ListFilters } from '../../../components/ui/list-filters.tsx'
import { ListScreen } from '../../../components/ui/list-screen.tsx'
import { paths } from '../../../contracts/app-paths.ts'
import type { CallProcessSummary } from '../../../contracts/call-processes.ts'
import { callProcessList as t, screenTitles } from '../../../i18n/fr/backoffice-call-process.ts'
import { notify } from '../../../stores/notifications.ts'
import { CALL_PROCESS_PAGE_SIZE, listQueryOf, useCallProcessView } from './call-process-list-params.ts'
import { CallProcessesTable, type CallProcessAction } from './call-processes-table.tsx'
import { DuplicateDialog } from './duplicate-dialog.tsx'
import { NEW_CALL_PROCESS } from './editor-values.ts'
import './call-process.css'

export function CallProcessesScreen() {
  const queryClient = useQueryClient()
  const [view, update] = useCallProcessView()
  const list = useQuery(callProcessQueries.list(listQueryOf(view)))
  const archive = useMutation(callProcessMutations.archive(queryClient))
  const restore = useMutation(callProcessMutations.restore(queryClient))
  const [duplicating, setDuplicating] = useState<CallProcessSummary | null>(null)
  const [confirming, setConfirming] = useState<{ process: CallProcessSummary; restore: boolean } | null>(null)
  const change = confirming?.restore ? restore : archive

  function handleAction(process: CallProcessSummary, action: CallProcessAction) {
    if (action === 'duplicate') setDuplicating(process)
    else setConfirming({ process, restore: action === 'restore' })
  }

  function handleConfirm() {
    if (!confirming) return
    const { process, restore: restoring } = confirming
    change.mutateAsync({ id: process.id, version: process.version }).then(
      () => {
        setConfirming(null)
        notify({ kind: 'success', message: restoring ? t.restoredDone : t.archivedDone })
      },
      () => setConfirming(null),
    )
  }

  return (
    <ListScreen
      block="call-process-screen"
      title={screenTitles.backofficeCallProcesses}
      intro={t.intro}
      header={
        <ListFilters
          className="call-process-screen__toolbar"
          searchLabel={t.search}
          searchName="callProcessSearch"
          search={view.search}
          onSearch={(search) => update({ search })}
          toggleClassName="call-process-screen__archived"
          toggleLabel={t.includeArchived}
          toggled={view.includeArchived}
          onToggle={(includeArchived) => update({ includeArchived })}
        >
          <Link className="call-process-screen__create" to={paths.backofficeCallProcess(NEW_CALL_PROCESS)}>
            {t.create}
          </Link>
        </ListFilters>
      }
      list={list}
      errorText={(error) => apiErrorMessage(error, t.loadFailed)}
      emptyText={view.search || view.includeArchived ? t.emptySearch : t.empty}
      page={view.page}
      pageSize={CALL_PROCESS_PAGE_SIZE}
      pagerLabel={t.pagesLabel}
      strings={t}
      onPage={(page) => update({ page })}
      footer={
        <>
          <DuplicateDialog process={duplicating} onClose={() => setDuplicating(null)} />
          <ConfirmDialog
            open={confirming !== null}
            title={confirming?.restore ? t.restoreTitle : t.archiveTitle}
            message={
              confirming === null
                ? ''
                : confirming.restore
                  ? t.restoreText(confirming.process.name)
                  : t.archiveText(confirming.process.name, confirming.process.missions.length)
            }
            confirmLabel={confirming?.restore ? t.restoreConfirm : t.archiveConfirm}
            cancelLabel={t.cancel}
            busy={change.isPending}
            onConfirm={handleConfirm}
            onCancel={() => setConfirming(null)}
          />
        </>
      }
    >
      {(processes) => <CallProcessesTable processes={processes} onAction={handleAction} />}
    </ListScreen>
  )
}
