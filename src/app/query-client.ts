// The one QueryClient of the app (server data lives only here, conventions §3.3), and the one error
// policy of its mutations (issue #10): a failed mutation is notified as its `meta` asks.
import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/client.ts'
import { mutationErrorNotice } from '../api/error-message.ts'
import type { AppMutationMeta } from '../api/mutation-meta.ts'
import { notify } from '../stores/notifications.ts'

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

/**
 * Every failed mutation (src/api/error-message.ts): with `meta.notifyError`, a refusal the API client
 * did not already act on is notified with the server's French reason (or the mutation's own
 * message); the component keeps only what is its own (a field error, a cause it explains).
 */
export function notifyMutationError(error: unknown, meta: AppMutationMeta | undefined): void {
  const message = mutationErrorNotice(error, meta)
  if (message !== null) notify({ kind: 'error', message })
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => notifyMutationError(error, mutation.meta),
    }),
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
      mutations: {
        retry: false,
        // A mutation is sent when it is called, or fails: never paused by TanStack's onlineManager
        // (the default 'online' mode). That manager follows the connectivity store synchronously
        // while a button follows it one render later, so a click in between (or any call while the
        // store says unreachable) was held silently and sent whenever a probe found the server again,
        // e.g. an "Appeler" dialling seconds later. Actions that must not be deferred are disabled
        // offline (src/pwa/use-online.ts); those that may be go through the outbox (issue #5).
        networkMode: 'always',
      },
    },
  })
}

export const queryClient = createQueryClient()
