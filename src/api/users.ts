// Users resource (spec §7 "Authentication and users"): the plain list the dev tools and pickers read
// and the signed-in user's preferences. The back office's users list, user and changes (issue #12)
// are in ./user-admin.ts, so the signed-in shell does not carry them.
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Me, PreferenceKey, User } from '../contracts/user.ts'
import { fr } from '../i18n/fr.ts'
import { notify } from '../stores/notifications.ts'
import { authQueries } from './auth.ts'
import { apiRequest } from './client.ts'
import { submitDeferrable, type DeferrableChange } from './deferral.ts'

export type SetPreferenceInput = { key: PreferenceKey; value: boolean }

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

/** POST /api/user/preference/{key} as a deferrable change (issue #5): the same request, replayable. */
export function preferenceChange({ key, value }: SetPreferenceInput) {
  return {
    label: { kind: 'preference', key },
    method: 'POST',
    path: `/api/user/preference/${key}`,
    body: { preferenceValue: value },
    invalidates: [authQueries.me().queryKey],
  } satisfies DeferrableChange
}

export const userMutations = {
  /**
   * The signed-in user's own preference. Shown at once in `me`; safe to defer (issue #5): offline it
   * is queued and sent once the connection returns. Invalidates: me, once applied.
   */
  setPreference: (queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...userQueries.all(), 'preference'] as const,
      networkMode: 'always',
      mutationFn: (input: SetPreferenceInput) => submitDeferrable(queryClient, preferenceChange(input)),
      onMutate: ({ key, value }) => {
        queryClient.setQueryData<Me | null>(authQueries.me().queryKey, (me) =>
          me ? { ...me, preferences: { ...me.preferences, [key]: value } } : me,
        )
      },
      onSuccess: (outcome) => {
        if (outcome.status === 'queued') notify({ kind: 'info', message: fr.offline.queued })
      },
      // Refused: `me` goes back to the server's word.
      onError: () => queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
    }),
}
