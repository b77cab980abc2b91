// /activity/teleops-timeline (spec §2, issue #14 "Timeline"): one agent's day, events and day bar.
// Lazy like every route: nothing of it enters /login or /home.
import { timelineQueries } from '../../api/timeline.ts'
import { readTimelineView, timelineQueryOf } from '../../features/timeline/timeline-params.ts'
import { TimelineScreen } from '../../features/timeline/timeline-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const params = timelineQueryOf(readTimelineView(new URL(request.url).searchParams))
  return [
    queryClient.ensureQueryData(timelineQueries.agents()),
    ...(params ? [queryClient.ensureQueryData(timelineQueries.day(params))] : []),
  ]
})

export function Component() {
  return <TimelineScreen />
}
