// A wall screen opened by a display link (issue #14, docs/domain.md "Display links"): the token is
// exchanged for the screen's cookie (retried without end while the server cannot be reached), then the
// live leaderboard shows; an unknown or revoked link says so.
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '../../api/client.ts'
import { leaderboardQueries } from '../../api/leaderboard.ts'
import { displayScreen } from '../../i18n/fr/leaderboard.ts'
import { LeaderboardScreen } from './leaderboard-screen.tsx'
import './leaderboard.css'

export type DisplayScreenProps = {
  token: string
}

export function DisplayScreen({ token }: DisplayScreenProps) {
  const session = useQuery(leaderboardQueries.displaySession(token))
  if (session.data) return <LeaderboardScreen audience="display" />
  const { error } = session
  const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error : null
  if (!refusal)
    return (
      <section className="leaderboard leaderboard--message">
        <p>{session.failureCount > 0 ? displayScreen.unreachable : displayScreen.opening}</p>
      </section>
    )
  return (
    <section className="leaderboard leaderboard--message">
      <h1>{displayScreen.invalidTitle}</h1>
      <p>{refusal.message}</p>
    </section>
  )
}
