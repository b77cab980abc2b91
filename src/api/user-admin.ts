// The users back office's resource (issue #12 "Users", docs/domain.md "Users (back office)"): the
// paginated list, one user, the Aircall accounts picker, the teams and missions offered as choices,
// and the administrators' changes. Every change answers with the user as they now are, put in their
// detail query; the lists and the user's history are invalidated. Imported by the back office only.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  AdminUser,
  CreatedUser,
  HandedOverLinkBody,
  AircallAccountPage,
  BulkUsersBody,
  BulkUsersResult,
  UserListQuery,
  UserPage,
} from '../contracts/user-admin.ts'
import type { CreateUserBody, UpdateUserBody } from '../contracts/user-form.ts'
import type { TeamPage } from '../contracts/teams.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { userQueries } from './users.ts'
import { withQuery } from './query-string.ts'

/** A choice of a filter or a bulk action: a team or a mission. */
export type NamedChoice = { id: number; name: string }

export const adminUserQueries = {
  /** Under the users' key, so what invalidates every users query invalidates these too. */
  all: userQueries.all,
  lists: userQueries.lists,
  /** The back office's page of users (issue #12); always sends `page`, so the server answers a page. */
  page: (params: UserListQuery) =>
    queryOptions({
      queryKey: [...adminUserQueries.lists(), 'page', params] as const,
      queryFn: ({ signal }) =>
        apiRequest<UserPage>(withQuery('/api/users', { page: 1, ...params }), { signal }),
      // Typing in the search keeps the previous page on screen instead of a loading state.
      placeholderData: keepPreviousData,
    }),
  details: () => [...adminUserQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...adminUserQueries.details(), id] as const,
      queryFn: ({ signal }) => apiRequest<AdminUser>(`/api/user/${id}`, { signal }),
    }),
  /** The provider's Aircall users for the link picker (administrators). */
  aircallAccounts: (search: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'aircall-accounts', search] as const,
      queryFn: ({ signal }) =>
        apiRequest<AircallAccountPage>(withQuery('/api/users/aircall-accounts', { search }), { signal }),
      placeholderData: keepPreviousData,
    }),
  /** The teams a filter or a bulk action offers: the first 100 not archived, by name. */
  teamChoices: () =>
    queryOptions({
      queryKey: ['teams', 'list', { pageSize: 100 }] as const,
      queryFn: ({ signal }) => apiRequest<TeamPage>('/api/teams?pageSize=100', { signal }),
      select: (page): NamedChoice[] => page.items.map(({ id, name }) => ({ id, name })),
      staleTime: 60_000,
    }),
  /** The missions a filter or a bulk action offers: the first 100 not archived, by name. */
  missionChoices: () =>
    queryOptions({
      queryKey: ['missions', 'list', { pageSize: 100 }] as const,
      queryFn: ({ signal }) => apiRequest<{ items: NamedChoice[] }>('/api/missions?pageSize=100', { signal }),
      select: (page): NamedChoice[] => page.items.map(({ id, name }) => ({ id, name })),
      staleTime: 60_000,
    }),
}

export type UpdateUserInput = UpdateUserBody & { id: number }
export type VersionedUserInput = { id: number; version: number }
export type LinkAircallInput = { id: number; aircallId?: number }

/** After a change: the user as the server answered, the lists and their history to refetch. */
function applied(queryClient: QueryClient, user: AdminUser) {
  queryClient.setQueryData(adminUserQueries.detail(user.id).queryKey, user)
  void queryClient.invalidateQueries({ queryKey: userQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('user', user.id) })
}

/** Refused (a stale version…): the screen shows the user as they now are. */
function refetch(queryClient: QueryClient, id: number) {
  return queryClient.invalidateQueries({ queryKey: adminUserQueries.detail(id).queryKey })
}

export const adminUserMutations = {
  /** The form shows a refusal next to its fields (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'create'] as const,
      mutationFn: (body: CreateUserBody) => apiRequest<CreatedUser>('/api/users', { method: 'POST', body }),
      onSuccess: ({ welcome: _welcome, ...user }: CreatedUser) => applied(queryClient, user),
    }),
  /** The form shows a refusal; a stale version (409) brings the current user into the form. */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'update'] as const,
      mutationFn: ({ id, ...body }: UpdateUserInput) =>
        apiRequest<AdminUser>(`/api/user/${id}`, { method: 'PUT', body }),
      onSuccess: (user: AdminUser) => applied(queryClient, user),
      onError: (_error, { id }) => refetch(queryClient, id),
    }),
  setStatus: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'status'] as const,
      mutationFn: ({ id, version, active }: VersionedUserInput & { active: boolean }) =>
        apiRequest<AdminUser>(`/api/user/${id}/${active ? 'activate' : 'deactivate'}`, {
          method: 'POST',
          body: { version },
        }),
      onSuccess: (user: AdminUser) => applied(queryClient, user),
      onError: (_error, { id }) => refetch(queryClient, id),
      meta: notifyRefusal,
    }),
  /** « Nouveau lien » (issue #31): a fresh welcome link to hand over; a refusal shows in place. */
  welcomeLink: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'welcome-link'] as const,
      mutationFn: (id: number) =>
        apiRequest<HandedOverLinkBody>(`/api/user/${id}/welcome-link`, { method: 'POST', body: {} }),
      onSuccess: (_link, id) =>
        void queryClient.invalidateQueries({ queryKey: auditQueries.entity('user', id) }),
    }),
  /** Without `aircallId`: the Aircall user with the same e-mail. A refusal shows in place. */
  linkAircall: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'link-aircall'] as const,
      mutationFn: ({ id, aircallId }: LinkAircallInput) =>
        apiRequest<AdminUser>(`/api/user/${id}/link-aircall-account`, {
          method: 'POST',
          body: aircallId === undefined ? {} : { aircallId },
        }),
      onSuccess: (user: AdminUser) => {
        applied(queryClient, user)
        void queryClient.invalidateQueries({ queryKey: [...userQueries.all(), 'aircall-accounts'] })
      },
    }),
  bulk: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'bulk'] as const,
      mutationFn: (body: BulkUsersBody) =>
        apiRequest<BulkUsersResult>('/api/users/bulk', { method: 'POST', body }),
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: userQueries.all() }),
          queryClient.invalidateQueries({ queryKey: auditQueries.all() }),
        ]),
      meta: notifyRefusal,
    }),
}
