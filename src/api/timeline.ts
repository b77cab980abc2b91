// The teleoperator timeline resource (issue #14, spec §7 GET /api/user/{userId}/timeline?search;
// src/contracts/timeline.ts): one agent's day, and the agents the reader may choose.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Timeline, TimelineAgent } from '../contracts/timeline.ts'
import { apiRequest } from './client.ts'
import { withQuery } from './query-string.ts'

export type TimelineParams = { userId: number; day: string; search: string }

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
      queryFn: ({ signal }) =>
        apiRequest<Timeline>(
          withQuery(`/api/user/${params.userId}/timeline`, { day: params.day, search: params.search }),
          { signal },
        ),
      // A new search or day keeps the previous answer on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
}
