// /activity (spec §2, issue #14 "Overview"): today on the manager's floor, live. Lazy like every route:
// nothing of it enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { activityQueries } from '../../api/activity.ts'
import { overviewQueryOf, readOverviewView } from '../../features/activity/activity-params.ts'
import { OverviewScreen } from '../../features/activity/overview/overview-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readOverviewView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' || me.role === 'MANAGER'
        ? [queryClient.ensureQueryData(activityQueries.overview(overviewQueryOf(view)))]
        : [],
    )
  }

export function Component() {
  return <OverviewScreen />
}
