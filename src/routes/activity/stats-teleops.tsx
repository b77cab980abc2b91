// /activity/stats-teleops (spec §2, issue #14 "Teleoperator statistics"): per agent over a period, with
// charts and a CSV export. Lazy like every route; Chart.js is lazier still (with the charts only).
import { activityQueries } from '../../api/activity.ts'
import { readStatsView, statsQueryOf } from '../../features/activity/activity-params.ts'
import { StatsScreen } from '../../features/activity/stats/stats-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readStatsView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(activityQueries.stats(statsQueryOf(view)))]
})

export function Component() {
  return <StatsScreen />
}
