// Developer endpoints (spec §2 dev tools, §7 "Developer"); the server has them outside production only.
import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import type { Role } from '../contracts/roles.ts'
import type { ConnectAsBody, Me } from '../contracts/user.ts'
import { apiRequest } from './client.ts'
import { replaceSession, sessionChangeMeta } from './auth.ts'

export type DevSessionResponse = { user: Me }

/** Signs in as that user, or as the first active user of that role. */
export function connectAs(body: ConnectAsBody): Promise<DevSessionResponse> {
  return apiRequest<DevSessionResponse>('/api/dev/connect-as', { method: 'POST', body })
}

/** Changes the current account's role for this session only. */
export function switchRole(role: Role): Promise<DevSessionResponse> {
  return apiRequest<DevSessionResponse>('/api/dev/switch-role', { method: 'POST', body: { role } })
}

/** Both start a new session as someone else: the whole user cache is replaced. */
export const devMutations = {
  connectAs: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: connectAs,
      onSuccess: (data) => replaceSession(queryClient, data.user),
      meta: sessionChangeMeta,
    }),
  switchRole: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: switchRole,
      onSuccess: (data) => replaceSession(queryClient, data.user),
      meta: sessionChangeMeta,
    }),
}
