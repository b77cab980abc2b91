// Users resource (spec §7 "Authentication and users"). Later issues add the admin mutations.
import { queryOptions } from '@tanstack/react-query'
import type { User } from '../contracts/user.ts'
import { apiRequest } from './client.ts'

export function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest<User[]>('/api/users', { signal })
}

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  /** Administrators and managers only: the server answers 403 to teleoperators. */
  list: () =>
    queryOptions({
      queryKey: userQueries.lists(),
      queryFn: ({ signal }) => fetchUsers(signal),
      staleTime: 60_000,
    }),
}
