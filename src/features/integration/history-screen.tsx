// /integration/history (spec §2, issue #13 "History"): every import, filtered and paged from the
// URL; a running import can be cancelled, a finished one undone — both confirmed first, the undo's
// result listing the leads kept because someone already worked them.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../api/error-message.ts'
import { importMutations, importQueries } from '../../api/imports.ts'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import type { ImportDetail, ImportSummary } from '../../contracts/imports.ts'
import {
  cancelDialog,
  historyScreen as t,
  undoDialog,
  screenTitles,
} from '../../i18n/fr/integration-history.ts'
import { ListPager } from '../../components/ui/list-pager.tsx'
import { HistoryFilters } from './history-filters.tsx'
import { IMPORT_PAGE_SIZE, isFiltered, listQueryOf, useHistoryView } from './history-params.ts'
import { HistoryTable, type ImportAction } from './history-table.tsx'
import { UndoResult } from './undo-result.tsx'
import './integration.css'

export function HistoryScreen() {
  const queryClient = useQueryClient()
  const [view, update] = useHistoryView()
  const list = useQuery(importQueries.list(listQueryOf(view)))
  const cancel = useMutation(importMutations.cancel(queryClient))
  const undo = useMutation(importMutations.undo(queryClient))
  const [asked, setAsked] = useState<{ action: ImportAction; item: ImportSummary } | null>(null)
  const [undone, setUndone] = useState<ImportDetail | null>(null)
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / IMPORT_PAGE_SIZE))

  function handleConfirm() {
    if (asked === null) return
    const { action, item } = asked
    if (action === 'cancel') cancel.mutate({ id: item.id }, { onSettled: () => setAsked(null) })
    else
      undo.mutate(
        { id: item.id },
        { onSuccess: (detail) => setUndone(detail), onSettled: () => setAsked(null) },
      )
  }

  const dialog = asked?.action === 'cancel' ? cancelDialog : undoDialog
  return (
    <div className="integration">
      <ScreenTitle title={screenTitles.integrationHistory} />
      <p>{t.intro}</p>
      <HistoryFilters view={view} onChange={update} />
      {list.data === undefined ? (
        <p role={list.isError ? 'alert' : 'status'}>
          {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
        </p>
      ) : list.data.items.length === 0 ? (
        <p>{isFiltered(view) ? t.emptyFiltered : t.empty}</p>
      ) : (
        <>
          <HistoryTable imports={list.data.items} onAction={(action, item) => setAsked({ action, item })} />
          <ListPager
            className="integration__pages"
            label={t.pagesLabel}
            totalText={t.total(list.data.total)}
            page={view.page}
            pages={pages}
            strings={t}
            onPage={(page) => update({ page })}
          />
        </>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked === null ? '' : dialog.title(asked.item.fileName)}
        message={dialog.message}
        confirmLabel={dialog.confirm}
        cancelLabel={dialog.cancel}
        busy={cancel.isPending || undo.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setAsked(null)}
      />
      <UndoResult detail={undone} onClose={() => setUndone(null)} />
    </div>
  )
}
