// The managers' activity resource (issue #14, docs/domain.md "Activity"): today on the floor
// (GET /api/activity/overview) and the teleoperator statistics (GET /api/activity/stats). Both refetch
// on the live `activity` signal (src/live/activity-refresh.ts); the overview also every minute, for
// what no signal announces (an agent's session lapsing into "Déconnecté"). Imported by the activity
// screens only.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  ActivityOverview,
  ActivityOverviewQuery,
  ActivityStats,
  ActivityStatsQuery,
} from '../contracts/activity.ts'
import { activityKeys } from './activity-keys.ts'
import { apiRequest } from './client.ts'
import { withQuery } from './query-string.ts'

const OVERVIEW_POLL_MS = 60_000

export const activityQueries = {
  all: activityKeys.all,
  overview: (query: ActivityOverviewQuery) =>
    queryOptions({
      queryKey: activityKeys.overview(query),
      queryFn: ({ signal }) =>
        apiRequest<ActivityOverview>(withQuery('/api/activity/overview', query), { signal }),
      placeholderData: keepPreviousData,
      refetchInterval: OVERVIEW_POLL_MS,
    }),
  stats: (query: ActivityStatsQuery) =>
    queryOptions({
      queryKey: activityKeys.stats(query),
      queryFn: ({ signal }) => apiRequest<ActivityStats>(withQuery('/api/activity/stats', query), { signal }),
      // Changing the period keeps the previous figures on screen instead of a loading state.
      placeholderData: keepPreviousData,
    }),
}
