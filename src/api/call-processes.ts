// Call processes resource (issue #12 "Call processes", docs/domain.md "Call processes"): the list,
// one process, and the administrators' changes. Every change answers with the process as it now is,
// put in its detail query; lists and the process's audit trail are invalidated.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CreateCallProcessBody, UpdateCallProcessBody } from '../contracts/call-process-form.ts'
import type { CallProcessDetail, CallProcessListQuery, CallProcessPage } from '../contracts/call-processes.ts'
import { auditQueries } from './audit.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { withQuery } from './query-string.ts'

export type UpdateCallProcessInput = UpdateCallProcessBody & { id: number }
export type DuplicateCallProcessInput = { id: number; name: string }
export type VersionedCallProcessInput = { id: number; version: number }

export const callProcessQueries = {
  all: () => ['call-processes'] as const,
  lists: () => [...callProcessQueries.all(), 'list'] as const,
  list: (params: CallProcessListQuery) =>
    queryOptions({
      queryKey: [...callProcessQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        apiRequest<CallProcessPage>(withQuery('/api/call-processes', params), { signal }),
      // Typing in the search keeps the previous page on screen instead of a loading state.
      placeholderData: keepPreviousData,
    }),
  details: () => [...callProcessQueries.all(), 'detail'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...callProcessQueries.details(), id] as const,
      queryFn: ({ signal }) => apiRequest<CallProcessDetail>(`/api/call-process/${id}`, { signal }),
    }),
}

/** After a change: the process as the server answered, the lists and its history to refetch. */
function applied(queryClient: QueryClient, process: CallProcessDetail) {
  queryClient.setQueryData(callProcessQueries.detail(process.id).queryKey, process)
  void queryClient.invalidateQueries({ queryKey: callProcessQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: auditQueries.entity('callProcess', process.id) })
}

function versioned(queryClient: QueryClient, action: 'archive' | 'restore') {
  return mutationOptions({
    mutationKey: [...callProcessQueries.all(), action] as const,
    mutationFn: ({ id, version }: VersionedCallProcessInput) =>
      apiRequest<CallProcessDetail>(`/api/call-process/${id}/${action}`, {
        method: 'POST',
        body: { version },
      }),
    onSuccess: (process: CallProcessDetail) => applied(queryClient, process),
    // Refused (a stale version…): the notice says why, the list shows the processes as they now are.
    onError: () => queryClient.invalidateQueries({ queryKey: callProcessQueries.all() }),
    meta: notifyRefusal,
  })
}

export const callProcessMutations = {
  /** The editor shows a refusal next to its fields (not notified). */
  create: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...callProcessQueries.all(), 'create'] as const,
      mutationFn: (body: CreateCallProcessBody) =>
        apiRequest<CallProcessDetail>('/api/call-processes', { method: 'POST', body }),
      onSuccess: (process: CallProcessDetail) => applied(queryClient, process),
    }),
  /**
   * The editor explains a refusal itself: fields in place, a stale version (409 STALE_VERSION, with
   * `current`) offers the current version, stranded leads (409 STRANDED_LEADS) ask for destinations.
   */
  update: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...callProcessQueries.all(), 'update'] as const,
      mutationFn: ({ id, ...body }: UpdateCallProcessInput) =>
        apiRequest<CallProcessDetail>(`/api/call-process/${id}`, { method: 'PUT', body }),
      onSuccess: (process: CallProcessDetail) => applied(queryClient, process),
    }),
  /** The dialog shows a refusal next to the name (not notified). */
  duplicate: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...callProcessQueries.all(), 'duplicate'] as const,
      mutationFn: ({ id, name }: DuplicateCallProcessInput) =>
        apiRequest<CallProcessDetail>(`/api/call-process/${id}/duplicate`, {
          method: 'POST',
          body: { name },
        }),
      onSuccess: (process: CallProcessDetail) => applied(queryClient, process),
    }),
  archive: (queryClient: QueryClient) => versioned(queryClient, 'archive'),
  restore: (queryClient: QueryClient) => versioned(queryClient, 'restore'),
}
