// /backoffice/call-process (issue #12 "Call processes"): the list (search, archived filter and page
// in the URL), "Nouveau call process", and per process duplicate, archive and restore (confirmed).
import { useState } from 'react'
import { useDelayedSearch } from '../../../components/ui/use-delayed-search.ts'
import { ListPager } from '../../../components/ui/list-pager.tsx'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { callProcessMutations, callProcessQueries } from '../../../api/call-processes.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
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
  const [search, handleSearch] = useDelayedSearch(view.search, (value) => update({ search: value }))
  const [duplicating, setDuplicating] = useState<CallProcessSummary | null>(null)
  const [confirming, setConfirming] = useState<{ process: CallProcessSummary; restore: boolean } | null>(null)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / CALL_PROCESS_PAGE_SIZE))
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
    <div className="call-process-screen">
      <ScreenTitle title={screenTitles.backofficeCallProcesses} />
      <p>{t.intro}</p>
      <div className="call-process-screen__toolbar">
        <TextField
          type="search"
          label={t.search}
          name="callProcessSearch"
          value={search}
          onChange={handleSearch}
          autoComplete="off"
        />
        <label className="call-process-screen__archived">
          <input
            type="checkbox"
            checked={view.includeArchived}
            onChange={(event) => update({ includeArchived: event.target.checked })}
          />
          {t.includeArchived}
        </label>
        <Link className="call-process-screen__create" to={paths.backofficeCallProcess(NEW_CALL_PROCESS)}>
          {t.create}
        </Link>
      </div>
      {list.data === undefined ? (
        <p role={list.isError ? 'alert' : 'status'}>
          {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="call-process-screen__empty">
          {view.search || view.includeArchived ? t.emptySearch : t.empty}
        </p>
      ) : (
        <>
          <CallProcessesTable processes={list.data.items} onAction={handleAction} />
          <ListPager
            className="call-process-screen__pages"
            label={t.pagesLabel}
            totalText={t.total(list.data.total)}
            page={view.page}
            pages={pages}
            strings={t}
            onPage={(page) => update({ page })}
          />
        </>
      )}
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
    </div>
  )
}
