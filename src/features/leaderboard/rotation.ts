// The wall screen's rotation (issue #14 "rotating views"): every ROTATION_MS the next view, all agents
// today, this week, this month, then each team's same three; no interaction needed.
import { LEADERBOARD_PERIODS, type LeaderboardTeam } from '../../contracts/leaderboard.ts'
import type { LeaderboardView } from '../../api/leaderboard.ts'

export const ROTATION_MS = 15_000
/** The board the screen opens on; every response also gives the teams, hence the other views. */
export const FIRST_VIEW: LeaderboardView = { period: 'today', teamId: null }
/** Rows a screen shows (readable from five metres); the others are counted below them. */
export const MAX_ROWS = 10
/** A badge earned this recently is highlighted on its row ("shown briefly"), then stays as a chip. */
export const NEW_BADGE_MS = 2 * 60_000

export function viewsOf(teams: readonly Pick<LeaderboardTeam, 'id'>[]): LeaderboardView[] {
  return [null, ...teams.map((team) => team.id)].flatMap((teamId) =>
    LEADERBOARD_PERIODS.map((period) => ({ period, teamId })),
  )
}

export function viewKey({ period, teamId }: LeaderboardView): string {
  return `${period}:${teamId ?? 'all'}`
}
