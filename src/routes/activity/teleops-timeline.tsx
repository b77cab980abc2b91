// /activity/teleops-timeline (spec §2, issue #14 "Timeline"): one agent's day, events and day bar.
// Lazy like every route: nothing of it enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { timelineQueries } from '../../api/timeline.ts'
import { readTimelineView, timelineQueryOf } from '../../features/timeline/timeline-params.ts'
import { TimelineScreen } from '../../features/timeline/timeline-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const params = timelineQueryOf(readTimelineView(new URL(request.url).searchParams))
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' || me.role === 'MANAGER'
        ? [
            queryClient.ensureQueryData(timelineQueries.agents()),
            ...(params ? [queryClient.ensureQueryData(timelineQueries.day(params))] : []),
          ]
        : [],
    )
  }

export function Component() {
  return <TimelineScreen />
}
