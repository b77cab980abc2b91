// Runtime configuration the server gives the client (issue 2: APP_ENV, version, Sentry DSN are
// learned at runtime, not baked into the build).
import { queryOptions } from '@tanstack/react-query'
import type { AppConfigPayload } from '../contracts/user.ts'
import { apiRequest } from './client.ts'

export function fetchAppConfig(signal?: AbortSignal): Promise<AppConfigPayload> {
  return apiRequest<AppConfigPayload>('/api/config', { signal })
}

export const configQueries = {
  all: () => ['config'] as const,
  /** Fixed for the life of the page: a new deploy reloads the page anyway. */
  app: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'app'] as const,
      queryFn: ({ signal }) => fetchAppConfig(signal),
      staleTime: Infinity,
    }),
}
