// The users screen's view state, held in the URL (conventions §3.3): search, filters, sort, page, the
// user open in the panel and the creation form, so a view can be reloaded, shared, and walked back.
import { usePagedView } from '../../../components/ui/use-url-view.ts'
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '../../../contracts/roles.ts'
import type { UserListQuery } from '../../../contracts/user-admin.ts'
import { USER_SORTS, type UserSort } from '../../../contracts/user-form.ts'

export const USER_PAGE_SIZE = 25

export type UserView = {
  search: string
  role: Role | null
  status: UserStatus | null
  teamId: number | null
  missionId: number | null
  /** true: without an Aircall account; false: with one; null: either. */
  needsAircallLink: boolean | null
  workingNow: boolean | null
  sort: UserSort
  order: 'asc' | 'desc'
  page: number
  /** The user open in the panel. */
  userId: number | null
  /** The creation form is open. */
  creating: boolean
}

function positive(value: string | null): number | null {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 ? number : null
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.includes(value as T) ? (value as T) : null
}

function flag(value: string | null): boolean | null {
  return value === '1' ? true : value === '0' ? false : null
}

export function readUserView(params: URLSearchParams): UserView {
  return {
    search: params.get('q') ?? '',
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(USER_STATUSES, params.get('status')),
    teamId: positive(params.get('team')),
    missionId: positive(params.get('mission')),
    needsAircallLink: flag(params.get('aircall')),
    workingNow: flag(params.get('working')),
    sort: oneOf(USER_SORTS, params.get('sort')) ?? 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    userId: positive(params.get('user')),
    creating: params.get('new') === '1',
  }
}

export function writeUserView(view: UserView): URLSearchParams {
  const params = new URLSearchParams()
  const flagValue = (value: boolean) => (value ? '1' : '0')
  if (view.search) params.set('q', view.search)
  if (view.role) params.set('role', view.role)
  if (view.status) params.set('status', view.status)
  if (view.teamId !== null) params.set('team', String(view.teamId))
  if (view.missionId !== null) params.set('mission', String(view.missionId))
  if (view.needsAircallLink !== null) params.set('aircall', flagValue(view.needsAircallLink))
  if (view.workingNow !== null) params.set('working', flagValue(view.workingNow))
  if (view.sort !== 'name') params.set('sort', view.sort)
  if (view.order !== 'asc') params.set('order', view.order)
  if (view.page > 1) params.set('page', String(view.page))
  if (view.userId !== null) params.set('user', String(view.userId))
  if (view.creating) params.set('new', '1')
  return params
}

/** Whether any search or filter narrows the list. */
export function isFiltered(view: UserView): boolean {
  return (
    view.search !== '' ||
    view.role !== null ||
    view.status !== null ||
    view.teamId !== null ||
    view.missionId !== null ||
    view.needsAircallLink !== null ||
    view.workingNow !== null
  )
}

/** The list query of a view (what the server needs of it). */
export function listQueryOf(view: UserView): UserListQuery {
  return {
    search: view.search || undefined,
    role: view.role ?? undefined,
    status: view.status ?? undefined,
    teamId: view.teamId ?? undefined,
    missionId: view.missionId ?? undefined,
    needsAircallLink: view.needsAircallLink ?? undefined,
    workingNow: view.workingNow ?? undefined,
    sort: view.sort,
    order: view.order,
    page: view.page,
    pageSize: USER_PAGE_SIZE,
  }
}

const LIST_KEYS = [
  'search',
  'role',
  'status',
  'teamId',
  'missionId',
  'needsAircallLink',
  'workingNow',
  'sort',
  'order',
] as const satisfies readonly (keyof UserView)[]

/** The view and its update; a new search or filter starts from the first page. */
export function useUserView() {
  return usePagedView(readUserView, writeUserView, LIST_KEYS)
}
