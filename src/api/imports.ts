// Lead imports resource (issue #13, src/contracts/imports.ts): the upload with its progress, one
// import, the history, the saved mappings, and the steps of an import (settings → analysis → start),
// its cancel and undo. Every step answers with the import as it now is, put in its detail query; the
// history is refetched. Live progress signals refetch the detail (src/live/live-events.ts).
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type {
  ImportDetail,
  ImportHeaderInput,
  ImportHistoryPage,
  ImportMapping,
  ImportSettings,
  ImportState,
} from '../contracts/imports.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'
import { importKeys } from './import-progress.ts'
import { uploadForm, type UploadOptions } from './upload.ts'
import { withQuery } from './query-string.ts'

export type ImportListParams = {
  state?: ImportState
  missionId?: number
  search?: string
  page?: number
  pageSize?: number
}

/** While the server reads the whole file, the detail is asked again (its end may carry no signal). */
const ANALYSIS_POLL_MS = 1500

export const importQueries = {
  all: importKeys.all,
  lists: importKeys.lists,
  list: (params: ImportListParams) =>
    queryOptions({
      queryKey: [...importKeys.lists(), params] as const,
      queryFn: ({ signal }) => apiRequest<ImportHistoryPage>(withQuery('/api/imports', params), { signal }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: importKeys.detail(id),
      queryFn: ({ signal }) => apiRequest<ImportDetail>(`/api/imports/${id}`, { signal }),
      refetchInterval: (query) => (query.state.data?.state === 'analysing' ? ANALYSIS_POLL_MS : false),
    }),
  mappings: () =>
    queryOptions({
      queryKey: [...importKeys.all(), 'mappings'] as const,
      queryFn: ({ signal }) => apiRequest<ImportMapping[]>('/api/import-mappings', { signal }),
    }),
}

/** Where the browser downloads an import's original file and its rejected rows. */
export const importDownloads = {
  file: (id: number) => `/api/imports/${id}/file`,
  rejected: (id: number) => `/api/imports/${id}/rejected.csv`,
}

/** After a step: the import as the server answered, and the history. */
export function importApplied(queryClient: QueryClient, detail: ImportDetail) {
  queryClient.setQueryData(importKeys.detail(detail.id), detail)
  void queryClient.invalidateQueries({ queryKey: importKeys.lists() })
}

export type ImportSettingsInput = ImportSettings & { id: number }

export const importMutations = {
  /** The file step shows the refusal in place (too large, not a CSV/XLSX). */
  upload: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...importKeys.all(), 'upload'] as const,
      mutationFn: ({ file, ...options }: UploadOptions & { file: File }) => {
        const formData = new FormData()
        formData.set('file', file)
        return uploadForm<ImportDetail>('/api/imports', formData, options)
      },
      onSuccess: (detail: ImportDetail) => importApplied(queryClient, detail),
    }),
  /** The target step shows the refusal in place; a saved mapping refreshes the mapping list. */
  settings: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...importKeys.all(), 'settings'] as const,
      mutationFn: ({ id, ...body }: ImportSettingsInput) =>
        apiRequest<ImportDetail>(`/api/imports/${id}/settings`, { method: 'PUT', body }),
      onSuccess: (detail: ImportDetail, input: ImportSettingsInput) => {
        importApplied(queryClient, detail)
        if (input.saveMappingAs !== undefined)
          void queryClient.invalidateQueries({ queryKey: importQueries.mappings().queryKey })
      },
      onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: importKeys.detail(id) }),
    }),
  /** The header row chosen in the mapping step (issue #31): the columns come back guessed again. */
  header: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...importKeys.all(), 'header'] as const,
      mutationFn: ({ id, ...body }: ImportHeaderInput & { id: number }) =>
        apiRequest<ImportDetail>(`/api/imports/${id}/header`, { method: 'PUT', body }),
      onSuccess: (detail: ImportDetail) => importApplied(queryClient, detail),
      onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: importKeys.detail(id) }),
      meta: notifyRefusal,
    }),
  /** An import never started, discarded with its file (issue #31). */
  discard: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...importKeys.all(), 'discard'] as const,
      mutationFn: ({ id }: { id: number }) =>
        apiRequest<{ id: number; deleted: true }>(`/api/imports/${id}`, { method: 'DELETE' }),
      onSuccess: (_answer, { id }) => {
        queryClient.removeQueries({ queryKey: importKeys.detail(id) })
        void queryClient.invalidateQueries({ queryKey: importKeys.lists() })
      },
      meta: notifyRefusal,
    }),
  start: (queryClient: QueryClient) => action(queryClient, 'start'),
  cancel: (queryClient: QueryClient) => action(queryClient, 'cancel'),
  undo: (queryClient: QueryClient) => action(queryClient, 'undo'),
}

function action(queryClient: QueryClient, name: 'start' | 'cancel' | 'undo') {
  return mutationOptions({
    mutationKey: [...importKeys.all(), name] as const,
    mutationFn: ({ id }: { id: number }) =>
      apiRequest<ImportDetail>(`/api/imports/${id}/${name}`, { method: 'POST' }),
    onSuccess: (detail: ImportDetail) => importApplied(queryClient, detail),
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: importKeys.detail(id) }),
    meta: notifyRefusal,
  })
}
