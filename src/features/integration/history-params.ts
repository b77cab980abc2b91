// The history's view state, held in the URL like the users list (conventions §3.3): search on the
// file name, state, mission and page, so a view can be reloaded, shared, and walked back.
import { usePagedView } from '../../components/ui/use-url-view.ts'
import type { ImportListParams } from '../../api/imports.ts'
import { IMPORT_STATES, type ImportState } from '../../contracts/import-fields.ts'

export const IMPORT_PAGE_SIZE = 25

export type ImportHistoryView = {
  search: string
  state: ImportState | null
  missionId: number | null
  page: number
}

function positive(value: string | null): number | null {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 ? number : null
}

export function readHistoryView(params: URLSearchParams): ImportHistoryView {
  const state = params.get('state')
  return {
    search: params.get('q') ?? '',
    state: IMPORT_STATES.find((item) => item === state) ?? null,
    missionId: positive(params.get('mission')),
    page: positive(params.get('page')) ?? 1,
  }
}

export function writeHistoryView(view: ImportHistoryView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.state) params.set('state', view.state)
  if (view.missionId !== null) params.set('mission', String(view.missionId))
  if (view.page > 1) params.set('page', String(view.page))
  return params
}

export function isFiltered(view: ImportHistoryView): boolean {
  return view.search !== '' || view.state !== null || view.missionId !== null
}

export function listQueryOf(view: ImportHistoryView): ImportListParams {
  return {
    search: view.search || undefined,
    state: view.state ?? undefined,
    missionId: view.missionId ?? undefined,
    page: view.page,
    pageSize: IMPORT_PAGE_SIZE,
  }
}

/** The view and its update; a new search or filter starts from the first page. */
export function useHistoryView() {
  return usePagedView(readHistoryView, writeHistoryView, ['search', 'state', 'missionId'])
}
