// The lead imports' query keys and what the live channel feeds (issue #13): the latest progress
// signal of `user:{id}:importProgress`, written by src/live/live-events.ts, and the running import the
// layout's indicator shows. Apart from imports.ts so the live runtime and the indicator stay small.
import { queryOptions, skipToken } from '@tanstack/react-query'
import type { ImportHistoryPage, ImportProgress } from '../contracts/imports.ts'
import { apiRequest } from './client.ts'

export const importKeys = {
  all: () => ['imports'] as const,
  lists: () => [...importKeys.all(), 'list'] as const,
  details: () => [...importKeys.all(), 'detail'] as const,
  detail: (id: number) => [...importKeys.details(), id] as const,
}

export const importProgressQueries = {
  /** The latest signal of any import: never fetched, only set from the live channel. */
  latest: () =>
    queryOptions<ImportProgress>({
      queryKey: [...importKeys.all(), 'progress'] as const,
      queryFn: skipToken,
      staleTime: Infinity,
    }),
  /** The import running now, if any (refetched when an import changes state). */
  running: () =>
    queryOptions({
      queryKey: [...importKeys.lists(), { state: 'running', pageSize: 1 }] as const,
      queryFn: ({ signal }) =>
        apiRequest<ImportHistoryPage>('/api/imports?state=running&pageSize=1', { signal }),
      select: (page) => page.items[0] ?? null,
    }),
}
