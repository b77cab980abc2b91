// Gamification resource (issue #14, docs/domain.md "Gamification"): "Ma journée" of the home page,
// one agent's progress, whom a manager or an administrator may choose, a team's progress. Read-only;
// the live channel refetches them (src/live/live-events.ts): an experience, badge or tentacall signal
// any of them, a call change or an outcome "Ma journée". Types only from the contracts: this module
// is in the chunk every private page loads (vite.config.ts), zod stays out of it.
import { queryOptions } from '@tanstack/react-query'
import type { Gamification, MyDay } from '../contracts/gamification.ts'
import type { GamificationScope, TeamGamification } from '../contracts/gamification-team.ts'
import { apiRequest } from './client.ts'

export const gamificationQueries = {
  all: () => ['gamification'] as const,
  /** GET /api/user/me/day: teleoperators and managers. */
  myDay: () =>
    queryOptions({
      queryKey: [...gamificationQueries.all(), 'my-day'] as const,
      queryFn: ({ signal }) => apiRequest<MyDay>('/api/user/me/day', { signal }),
    }),
  users: () => [...gamificationQueries.all(), 'user'] as const,
  /** GET /api/gamification/{userId}: one's own, a manager their teams', an administrator anyone's. */
  user: (userId: number) =>
    queryOptions({
      queryKey: [...gamificationQueries.users(), userId] as const,
      queryFn: ({ signal }) => apiRequest<Gamification>(`/api/gamification/${userId}`, { signal }),
    }),
  /** Managers and administrators: the agents and teams they may choose. */
  scope: () =>
    queryOptions({
      queryKey: [...gamificationQueries.all(), 'scope'] as const,
      queryFn: ({ signal }) => apiRequest<GamificationScope>('/api/gamification/scope', { signal }),
      staleTime: 60_000,
    }),
  teams: () => [...gamificationQueries.all(), 'team'] as const,
  team: (teamId: number) =>
    queryOptions({
      queryKey: [...gamificationQueries.teams(), teamId] as const,
      queryFn: ({ signal }) => apiRequest<TeamGamification>(`/api/gamification/team/${teamId}`, { signal }),
    }),
}
