// /activity/gamification (spec §2, issue #14): one's progress; managers and administrators choose an
// agent or a team (?user= / ?team=). Lazy like every route; its data starts when the route matches.
import { gamificationQueries } from '../../api/gamification.ts'
import {
  choosesWhose,
  effectiveView,
  readGamificationView,
} from '../../features/gamification/gamification-params.ts'
import { GamificationScreen } from '../../features/gamification/gamification-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, me, { request }) => {
  const shown = effectiveView(me, readGamificationView(new URL(request.url).searchParams))
  return [
    ...(choosesWhose(me) ? [queryClient.ensureQueryData(gamificationQueries.scope())] : []),
    ...(shown.kind === 'user' ? [queryClient.ensureQueryData(gamificationQueries.user(shown.userId))] : []),
    ...(shown.kind === 'team' ? [queryClient.ensureQueryData(gamificationQueries.team(shown.teamId))] : []),
  ]
})

export function Component() {
  return <GamificationScreen />
}
