// /activity/gamification (spec §2, issue #14): one's progress; managers and administrators choose an
// agent or a team (?user= / ?team=). Lazy like every route; its data starts when the route matches.
import type { QueryClient } from '@tanstack/react-query'
import { gamificationQueries } from '../../api/gamification.ts'
import { effectiveView, readGamificationView } from '../../features/gamification/gamification-params.ts'
import { GamificationScreen } from '../../features/gamification/gamification-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readGamificationView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) => {
      const shown = effectiveView(me, view)
      return [
        ...(me.role === 'TELEOPERATOR' ? [] : [queryClient.ensureQueryData(gamificationQueries.scope())]),
        ...(shown.kind === 'user'
          ? [queryClient.ensureQueryData(gamificationQueries.user(shown.userId))]
          : []),
        ...(shown.kind === 'team'
          ? [queryClient.ensureQueryData(gamificationQueries.team(shown.teamId))]
          : []),
      ]
    })
  }

export function Component() {
  return <GamificationScreen />
}
