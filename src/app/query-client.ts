// The one QueryClient of the app (server data lives only here, conventions §3.3).
import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/client.ts'

/** 4xx answers will not change on retry; network failures and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < 2
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
