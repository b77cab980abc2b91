// Leaderboard resource (issue #14, docs/domain.md "Leaderboard" and "Display links"): the board of a
// period (optionally one team), read by signed-in users and by wall screens through a display link,
// and the exchange of a display link's token for the screen's cookie. The live channel `leaderboard`
// invalidates every board (src/live/live-events.ts and the screen's own live client).
import { queryOptions } from '@tanstack/react-query'
import type { DisplaySession } from '../contracts/display-links.ts'
import type { Leaderboard, LeaderboardPeriod } from '../contracts/leaderboard.ts'
import { ApiError, apiRequest } from './client.ts'
import { withQuery } from './query-string.ts'

export type LeaderboardView = { period: LeaderboardPeriod; teamId: number | null }
/** Who reads: a signed-in user (a 401 goes to /login), or a display link (a 401 is shown in place). */
export type LeaderboardAudience = 'user' | 'display'

/** Without live signals (a socket down), the board still refreshes this often. */
const FALLBACK_REFRESH_MS = 60_000
/** The wall screen keeps trying to open its display link while the server cannot be reached. */
const MAX_RETRY_DELAY_MS = 30_000

export function fetchLeaderboard(
  { period, teamId }: LeaderboardView,
  audience: LeaderboardAudience,
  signal?: AbortSignal,
): Promise<Leaderboard> {
  return apiRequest<Leaderboard>(withQuery('/api/leaderboard', { period, teamId }), {
    signal,
    redirectOn401: audience === 'user',
  })
}

export function openDisplaySession(token: string): Promise<DisplaySession> {
  return apiRequest<DisplaySession>('/api/display-session', {
    method: 'POST',
    body: { token },
    redirectOn401: false,
  })
}

/** A refusal (4xx: unknown or revoked link, too many attempts) will not change by retrying at once. */
function isRefusal(error: Error): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
}

export const leaderboardQueries = {
  all: () => ['leaderboard'] as const,
  boards: () => [...leaderboardQueries.all(), 'board'] as const,
  board: (view: LeaderboardView, audience: LeaderboardAudience) =>
    queryOptions({
      queryKey: [...leaderboardQueries.boards(), audience, view.period, view.teamId] as const,
      queryFn: ({ signal }) => fetchLeaderboard(view, audience, signal),
      staleTime: 10_000,
      refetchInterval: FALLBACK_REFRESH_MS,
      // A wall screen recovers by itself: network failures and 5xx are retried without end.
      retry: (_count, error) => !isRefusal(error),
      retryDelay: (count) => Math.min(1000 * 2 ** count, MAX_RETRY_DELAY_MS),
    }),
  /** The display link's exchange: its answer (the link's name) and the cookie it sets. */
  displaySession: (token: string) =>
    queryOptions({
      queryKey: [...leaderboardQueries.all(), 'display-session', token] as const,
      queryFn: () => openDisplaySession(token),
      staleTime: Infinity,
      gcTime: 0,
      retry: (_count, error) => !isRefusal(error),
      retryDelay: (count) => Math.min(1000 * 2 ** count, MAX_RETRY_DELAY_MS),
    }),
}
