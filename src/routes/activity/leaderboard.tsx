// /activity/leaderboard (fullscreen layout, spec §2, issue #14 "The leaderboard"): any signed-in user
// shows the live leaderboard, e.g. on a wall screen signed in as someone (display links need no one).
import type { QueryClient } from '@tanstack/react-query'
import { leaderboardQueries } from '../../api/leaderboard.ts'
import { LeaderboardScreen } from '../../features/leaderboard/leaderboard-screen.tsx'
import { FIRST_VIEW } from '../../features/leaderboard/rotation.ts'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, () => [queryClient.ensureQueryData(leaderboardQueries.board(FIRST_VIEW, 'user'))])

export function Component() {
  return <LeaderboardScreen audience="user" />
}
