// GET /api/leaderboard?period=&teamId= (issue #14, docs/domain.md "Leaderboard"): any signed-in user,
// and a wall screen's display link (the one route it opens, server/lib/display-session.ts). The live
// channel `leaderboard` says when to read it again (server/plugins/leaderboard.ts).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { leaderboardQuerySchema, leaderboardSchema } from '../../../src/contracts/leaderboard.ts'

export default async function leaderboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/api/leaderboard',
    {
      config: { access: 'authenticated', display: true },
      schema: {
        tags: ['leaderboard'],
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema, ...commonErrors },
      },
    },
    async (request) => {
      const { period } = request.query
      // Issue #31: a team's display link shows that team's board whatever the query asks.
      const display = request.auth.user === null ? request.display : null
      const teamId = display?.teamId ?? request.query.teamId ?? null
      const board = await app.leaderboard.read({ period, teamId })
      // A display link reads no other route: its screen shows initials, never an avatar URL; a team's
      // link learns of no other team (its screen rotates through that team's periods only).
      if (request.auth.user !== null) return board
      const teams = display?.teamId ? board.teams.filter((team) => team.id === display.teamId) : board.teams
      return { ...board, teams, agents: board.agents.map((agent) => ({ ...agent, avatarUrl: null })) }
    },
  )
}
