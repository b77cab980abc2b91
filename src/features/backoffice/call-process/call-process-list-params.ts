// The call-process list's view state, held in the URL (conventions §3.3): search, archived shown and
// page, so a view can be reloaded or shared.
import { usePagedView } from '../../../components/ui/use-url-view.ts'
import type { CallProcessListQuery } from '../../../contracts/call-processes.ts'

export const CALL_PROCESS_PAGE_SIZE = 25

export type CallProcessView = { search: string; includeArchived: boolean; page: number }

function positive(value: string | null): number | null {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : null
}

export function readCallProcessView(params: URLSearchParams): CallProcessView {
  return {
    search: params.get('q') ?? '',
    includeArchived: params.get('archived') === '1',
    page: positive(params.get('page')) ?? 1,
  }
}

function writeCallProcessView(view: CallProcessView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.includeArchived) params.set('archived', '1')
  if (view.page > 1) params.set('page', String(view.page))
  return params
}

/** The list query of a view (what the server needs of it). */
export function listQueryOf(view: CallProcessView): CallProcessListQuery {
  return { ...view, search: view.search || undefined, pageSize: CALL_PROCESS_PAGE_SIZE }
}

/** The view and its update; a new search or filter starts from the first page. */
export function useCallProcessView() {
  return usePagedView(readCallProcessView, writeCallProcessView, ['search', 'includeArchived'])
}
