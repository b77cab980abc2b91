// The assignment grids' view state, held in the URL (conventions §3.3): search, team and role
// filters, and page, so a view can be reloaded or shared.
import { usePagedView } from '../../components/ui/use-url-view.ts'
import type { AssignmentGridQuery } from '../../contracts/assignments.ts'
import { ROLES, type Role } from '../../contracts/roles.ts'

export const GRID_PAGE_SIZE = 25

export type GridView = { search: string; teamId: number | null; role: Role | null; page: number }

export function positive(value: string | null): number | null {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : null
}

export function readGridView(params: URLSearchParams): GridView {
  const role = params.get('role')
  return {
    search: params.get('q') ?? '',
    teamId: positive(params.get('team')),
    role: ROLES.includes(role as Role) ? (role as Role) : null,
    page: positive(params.get('page')) ?? 1,
  }
}

function writeGridView(view: GridView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.teamId !== null) params.set('team', String(view.teamId))
  if (view.role !== null) params.set('role', view.role)
  if (view.page > 1) params.set('page', String(view.page))
  return params
}

/** The grid query of a view (what the server needs of it). */
export function gridQueryOf(view: GridView): AssignmentGridQuery {
  return {
    ...(view.search ? { search: view.search } : {}),
    ...(view.teamId === null ? {} : { teamId: view.teamId }),
    ...(view.role === null ? {} : { role: view.role }),
    page: view.page,
    pageSize: GRID_PAGE_SIZE,
  }
}

/** The view and its update; a new search or filter starts from the first page. */
export function useGridView() {
  return usePagedView(readGridView, writeGridView, ['search', 'teamId', 'role'])
}
