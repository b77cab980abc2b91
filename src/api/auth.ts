// Authentication resource (spec §7): the signed-in user, sign-in/out and password reset.
import { mutationOptions, partialMatchKey, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { LoginBody, LogoutBody, Me } from '../contracts/user.ts'
import { ApiError, apiRequest } from './client.ts'
import { configQueries } from './config.ts'

export type LoginResponse = { user: Me }
export type OkResponse = { ok: true; redirect?: string }

/**
 * The signed-in user, or null when signed out. 401 is an answer here, not a failure: the boot
 * check must not bounce to /login (redirectOn401: false); the router's guard decides instead.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiRequest<Me>('/api/user/me', { signal, redirectOn401: false })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export function login(body: LoginBody): Promise<LoginResponse> {
  // A wrong password is a 401 the login form shows; it must not redirect to /login.
  return apiRequest<LoginResponse>('/api/login', { method: 'POST', body, redirectOn401: false })
}

/**
 * Signing out of an expired session (401) has reached its goal: it counts as success. `body`
 * names this browser's push subscription, which the server forgets as it signs out.
 */
export async function logout(body?: LogoutBody): Promise<OkResponse> {
  try {
    return await apiRequest<OkResponse>('/api/logout', { method: 'POST', body, redirectOn401: false })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ok: true }
    throw error
  }
}

export const authQueries = {
  all: () => ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: ({ signal }) => fetchMe(signal),
      // Live events keep it fresh (next issue); a minute avoids refetching on every mount.
      staleTime: 60_000,
      // Issue #5: the app's retry rule (src/app/query-client.ts), so that offline the query pauses and
      // keeps its data (restored from IndexedDB) instead of failing; a 401 is an answer (null).
    }),
}

/**
 * A new session (or none) starts: nothing cached for the previous user may leak into it, so
 * every query is dropped except the runtime config (not user data) and the current user,
 * which is replaced in place so that components reading it re-render at once.
 */
export function replaceSession(queryClient: QueryClient, user: Me | null): void {
  const meKey = authQueries.me().queryKey
  const configKey = configQueries.all()
  queryClient.setQueryData(meKey, user)
  queryClient.removeQueries({
    predicate: (query) =>
      !partialMatchKey(query.queryKey, meKey) && !partialMatchKey(query.queryKey, configKey),
  })
}

/**
 * Meta of every mutation that ends one session and starts another (or none): once it succeeds,
 * the other open tabs are told to follow (src/app/session-sync.ts).
 */
export const sessionChangeMeta = { changesSession: true } as const

export const authMutations = {
  login: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: login,
      onSuccess: (data) => replaceSession(queryClient, data.user),
      meta: sessionChangeMeta,
    }),
  logout: (queryClient: QueryClient) =>
    mutationOptions({
      mutationFn: (body?: LogoutBody) => logout(body),
      onSuccess: () => replaceSession(queryClient, null),
      // Issue #17: tried even offline (not paused): its network failure signs out in this browser
      // at once, and the server is told later (src/pwa/pending-sign-out.ts).
      networkMode: 'always',
      meta: sessionChangeMeta,
    }),
}
