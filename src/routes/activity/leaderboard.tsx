// /activity/leaderboard (fullscreen layout, spec §2, issue #14 "The leaderboard"): any signed-in user
// shows the live leaderboard, e.g. on a wall screen signed in as someone (display links need no one).
import { leaderboardQueries } from '../../api/leaderboard.ts'
import { LeaderboardScreen } from '../../features/leaderboard/leaderboard-screen.tsx'
import { FIRST_VIEW } from '../../features/leaderboard/rotation.ts'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(leaderboardQueries.board(FIRST_VIEW, 'user')),
])

export function Component() {
  return <LeaderboardScreen audience="user" />
}
