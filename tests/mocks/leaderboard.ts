// The leaderboard for client tests (issue #14): boards keyed by view, served by GET /api/leaderboard
// as the server would (period and teamId from the query), and the display link's exchange.
import { http, HttpResponse } from 'msw'
import type {
  Leaderboard,
  LeaderboardAgent,
  LeaderboardPeriod,
  LeaderboardTeam,
} from '../../src/contracts/leaderboard.ts'

export function makeAgent(overrides: Partial<LeaderboardAgent> & { userId: number }): LeaderboardAgent {
  return {
    rank: 1,
    name: `Agent ${overrides.userId}`,
    initials: 'AG',
    avatarUrl: null,
    experiencePoints: 0,
    appointments: 0,
    level: 1,
    teamIds: [],
    badgesToday: [],
    ...overrides,
  }
}

export function makeBoard(
  period: LeaderboardPeriod,
  teamId: number | null,
  agents: LeaderboardAgent[],
  teams: LeaderboardTeam[] = [],
): Leaderboard {
  return { period, teamId, from: '2026-11-23', to: '2026-11-25', teams, agents }
}

/** GET /api/leaderboard answered by `boardOf(period, teamId)` (a status number: that error). */
export function leaderboardIs(
  boardOf: (period: LeaderboardPeriod, teamId: number | null) => Leaderboard | number,
) {
  return http.get('*/api/leaderboard', ({ request }) => {
    const url = new URL(request.url)
    const period = (url.searchParams.get('period') ?? 'today') as LeaderboardPeriod
    const team = url.searchParams.get('teamId')
    const board = boardOf(period, team === null ? null : Number(team))
    if (typeof board === 'number')
      return HttpResponse.json(
        { error: { code: 'UNAUTHENTICATED', message: 'Vous devez être connecté.' } },
        { status: board },
      )
    return HttpResponse.json(board)
  })
}

/** POST /api/display-session: the link's name, or a refusal with its status and French message. */
export function displaySessionIs(answer: { name: string } | { status: number; message: string }) {
  return http.post('*/api/display-session', () =>
    'name' in answer
      ? HttpResponse.json(answer)
      : HttpResponse.json(
          { error: { code: 'DISPLAY_LINK_INVALID', message: answer.message } },
          { status: answer.status },
        ),
  )
}
