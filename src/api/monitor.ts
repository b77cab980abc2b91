// /dev/monitor's figures (issue #15; the server has the endpoint outside production only).
import { queryOptions } from '@tanstack/react-query'
import type { DevMonitor } from '../contracts/monitor.ts'
import { apiRequest } from './client.ts'

/** The page asks again this often: a live view, for a few developers at a time. */
export const MONITOR_POLL_MS = 3_000

export const monitorQueries = {
  all: () => ['dev-monitor'] as const,
  current: () =>
    queryOptions({
      queryKey: [...monitorQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => apiRequest<DevMonitor>('/api/dev/monitor', { signal }),
      refetchInterval: MONITOR_POLL_MS,
      staleTime: 0,
    }),
}
