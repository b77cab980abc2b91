// /activity (spec §2, issue #14 "Overview"): today on the manager's floor, live. Lazy like every route:
// nothing of it enters /login or /home.
import { activityQueries } from '../../api/activity.ts'
import { overviewQueryOf, readOverviewView } from '../../features/activity/activity-params.ts'
import { OverviewScreen } from '../../features/activity/overview/overview-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readOverviewView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(activityQueries.overview(overviewQueryOf(view)))]
})

export function Component() {
  return <OverviewScreen />
}
