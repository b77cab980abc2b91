// /activity/stats-teleops (spec §2, issue #14 "Teleoperator statistics"): per agent over a period, with
// charts and a CSV export. Lazy like every route; Chart.js is lazier still (with the charts only).
import type { QueryClient } from '@tanstack/react-query'
import { activityQueries } from '../../api/activity.ts'
import { readStatsView, statsQueryOf } from '../../features/activity/activity-params.ts'
import { StatsScreen } from '../../features/activity/stats/stats-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readStatsView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' || me.role === 'MANAGER'
        ? [queryClient.ensureQueryData(activityQueries.stats(statsQueryOf(view)))]
        : [],
    )
  }

export function Component() {
  return <StatsScreen />
}
