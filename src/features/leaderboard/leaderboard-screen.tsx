// The live leaderboard (issue #14 "The leaderboard", docs/domain.md "Leaderboard"): a wall screen's
// page, readable from five metres, with no interaction: it rotates through its views every
// ROTATION_MS, keeps the screen awake, follows the live channel and recovers by itself from a network
// loss or a server restart (the queries retry without end, the live client starts again).
import { useEffect } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { leaderboardQueries, type LeaderboardAudience, type LeaderboardView } from '../../api/leaderboard.ts'
import { ApiError } from '../../api/client.ts'
import type { Leaderboard } from '../../contracts/leaderboard.ts'
import { documentTitle } from '../../components/ui/page-title.tsx'
import { formatAgendaDay } from '../../i18n/format.ts'
import { displayScreen, leaderboard as text, screenTitles } from '../../i18n/fr/leaderboard.ts'
import { liveStore } from '../../live/live-store.ts'
import { LeaderboardBoard } from './leaderboard-board.tsx'
import { FIRST_VIEW, ROTATION_MS, viewKey, viewsOf } from './rotation.ts'
import { useLeaderboardLive } from './use-leaderboard-live.ts'
import { usePrefersReducedMotion } from './use-reduced-motion.ts'
import { useRotation } from './use-rotation.ts'
import { useWakeLock } from './use-wake-lock.ts'
import './leaderboard.css'

export type LeaderboardScreenProps = {
  audience: LeaderboardAudience
}

function viewLabel(view: LeaderboardView, board: Leaderboard | undefined): string {
  // A team's display link (issue #31): the server answers that team's board whatever the view asks.
  const teamId = board?.teamId ?? view.teamId
  const team = board?.teams.find((candidate) => candidate.id === teamId)
  const who = teamId === null ? text.allTeams : text.team(team?.name ?? '')
  return `${text.periods[view.period]} · ${who}`
}

function LiveNotice() {
  const { status } = useSnapshot(liveStore)
  if (status !== 'reconnecting' && status !== 'failed') return null
  return <p className="leaderboard__notice">{text.live[status]}</p>
}

function isRevoked(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 401
}

export function LeaderboardScreen({ audience }: LeaderboardScreenProps) {
  const queryClient = useQueryClient()
  // The teams (hence the views) come with every board; the first view's is always followed.
  const base = useQuery(leaderboardQueries.board(FIRST_VIEW, audience))
  // A team's display link answers the first view with its team: it rotates through the periods only.
  const teamBound = base.data?.teamId != null
  const views = viewsOf(teamBound ? [] : (base.data?.teams ?? []))
  const index = useRotation(views.length, ROTATION_MS)
  const view = views[index] ?? FIRST_VIEW
  const next = views[(index + 1) % views.length] ?? FIRST_VIEW
  const current = useQuery(leaderboardQueries.board(view, audience))
  // A display link revoked: the page says so and stops (a user's 401 went to /login).
  const revoked = audience === 'display' && (isRevoked(base.error) || isRevoked(current.error))
  const animate = !usePrefersReducedMotion()
  useWakeLock()
  useLeaderboardLive(!revoked)
  // The next view's board is fetched while this one shows, so the rotation never waits.
  useEffect(() => {
    void queryClient.prefetchQuery(leaderboardQueries.board(next, audience))
  }, [queryClient, next, audience])

  if (revoked)
    return (
      <section className="leaderboard leaderboard--message">
        <h1>{displayScreen.revokedTitle}</h1>
        <p>{displayScreen.revoked}</p>
      </section>
    )
  const board = current.data
  const title = screenTitles[audience === 'display' ? 'display' : 'activityLeaderboard']
  const label = viewLabel(view, board ?? base.data)
  return (
    <section className="leaderboard">
      <title>{documentTitle(title)}</title>
      <header className="leaderboard__header">
        <h1 className="leaderboard__title">{title}</h1>
        <p className="leaderboard__view">{label}</p>
        {board ? (
          <p className="leaderboard__days">
            {text.days(formatAgendaDay(board.from), formatAgendaDay(board.to))}
          </p>
        ) : null}
      </header>
      {board ? (
        <div key={viewKey(view)} className="leaderboard__board">
          <LeaderboardBoard board={board} fetchedAt={current.dataUpdatedAt} label={label} animate={animate} />
        </div>
      ) : (
        <p className="leaderboard__empty">{current.isError ? text.failed : text.loading}</p>
      )}
      <footer className="leaderboard__footer">
        <LiveNotice />
        <p className="leaderboard__progress">{text.view(index + 1, Math.max(1, views.length))}</p>
      </footer>
    </section>
  )
}
