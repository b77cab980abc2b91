// Scheduled jobs resource (issue #15, docs/domain.md "Scheduled jobs"): the administrators' list, the
// preview of a schedule being edited, and the changes (pause, resume, run now, a new schedule).
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { VersionBody } from '../contracts/concurrency.ts'
import type { CronJob, CronList, CronPreview, CronScheduleBody } from '../contracts/crons.ts'
import { apiRequest } from './client.ts'
import { notifyRefusal } from './error-message.ts'

/**
 * Runs happen on the server by themselves: the open list asks again this often (a run started with
 * "run now" shows within seconds; nothing is pushed live for a screen a few administrators open).
 */
export const CRONS_POLL_MS = 5_000

const base = (key: string) => `/api/crons/${encodeURIComponent(key)}`

export const cronQueries = {
  all: () => ['crons'] as const,
  list: () =>
    queryOptions({
      queryKey: [...cronQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiRequest<CronList>('/api/crons', { signal }),
      refetchInterval: CRONS_POLL_MS,
    }),
  /** What a schedule being typed would read and run; the previous answer stays while the next loads. */
  preview: (key: string, cron: string) =>
    queryOptions({
      queryKey: [...cronQueries.all(), 'preview', key, cron] as const,
      queryFn: ({ signal }) =>
        apiRequest<CronPreview>(`${base(key)}/preview?cron=${encodeURIComponent(cron)}`, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      retry: false,
    }),
}

type Versioned = { key: string } & VersionBody

export const cronMutations = {
  pause: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...cronQueries.all(), 'pause'] as const,
      mutationFn: ({ key, version }: Versioned) =>
        apiRequest<CronJob>(`${base(key)}/pause`, { method: 'POST', body: { version } }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: cronQueries.all() }),
      meta: notifyRefusal,
    }),
  resume: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...cronQueries.all(), 'resume'] as const,
      mutationFn: ({ key, version }: Versioned) =>
        apiRequest<CronJob>(`${base(key)}/resume`, { method: 'POST', body: { version } }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: cronQueries.all() }),
      meta: notifyRefusal,
    }),
  runNow: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...cronQueries.all(), 'run'] as const,
      mutationFn: (key: string) => apiRequest<{ queued: true }>(`${base(key)}/run`, { method: 'POST' }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: cronQueries.all() }),
      meta: notifyRefusal,
    }),
  /** The dialog shows a refusal beside the field (not notified). */
  schedule: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...cronQueries.all(), 'schedule'] as const,
      mutationFn: ({ key, ...body }: { key: string } & CronScheduleBody) =>
        apiRequest<CronJob>(`${base(key)}/schedule`, { method: 'PUT', body }),
      onSettled: () => queryClient.invalidateQueries({ queryKey: cronQueries.all() }),
    }),
}
