// The teleoperator timeline resource (issue #14, spec §7 GET /api/user/{userId}/timeline?search;
// src/contracts/timeline.ts): one agent's day, and the agents the reader may choose.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Timeline, TimelineAgent } from '../contracts/timeline.ts'
import { apiRequest } from './client.ts'

export type TimelineParams = { userId: number; day: string; search: string }

function timelinePath({ userId, day, search }: TimelineParams): string {
  const query = new URLSearchParams({ day })
  if (search) query.set('search', search)
  return `/api/user/${userId}/timeline?${query}`
}

export const timelineQueries = {
  all: () => ['timeline'] as const,
  agents: () =>
    queryOptions({
      queryKey: [...timelineQueries.all(), 'agents'] as const,
      queryFn: ({ signal }) => apiRequest<TimelineAgent[]>('/api/timeline/agents', { signal }),
      staleTime: 60_000,
    }),
  day: (params: TimelineParams) =>
    queryOptions({
      queryKey: [...timelineQueries.all(), 'day', params] as const,
      queryFn: ({ signal }) => apiRequest<Timeline>(timelinePath(params), { signal }),
      // A new search or day keeps the previous answer on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
}
