// Query keys of the activity screens (issue #14), apart from their fetchers (src/api/activity.ts) so the
// live channel's event mapping (src/live/live-events.ts, on every private page) can name them without
// bringing the activity code into /home.
import type { ActivityOverviewQuery, ActivityStatsQuery } from '../contracts/activity.ts'

export const activityKeys = {
  all: () => ['activity'] as const,
  overview: (query: ActivityOverviewQuery) => [...activityKeys.all(), 'overview', query] as const,
  stats: (query: ActivityStatsQuery) => [...activityKeys.all(), 'stats', query] as const,
}
