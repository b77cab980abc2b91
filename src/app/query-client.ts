// The one QueryClient of the app (server data lives only here, conventions §3.3).
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/client.ts'

/** Tries after the first failure, for answers that may change on their own. */
const MAX_RETRIES = 2

/**
 * A 4xx answer will not change on retry; a network failure (ApiError status 0) and a 5xx may be
 * transient, so they get two more tries. Other errors (a bug in a query function) are retried too.
 */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < MAX_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Issue #5: at least the persisted cache's max age (src/pwa/persisted-cache.ts), so that what
        // was restored or seen today is still there to save and to show offline.
        gcTime: 24 * 60 * 60 * 1000,
        // Offline, a query still tries once: the service worker may answer from its cache.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
