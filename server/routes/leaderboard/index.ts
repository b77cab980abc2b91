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
      const { period, teamId } = request.query
      const board = await app.leaderboard.read({ period, teamId: teamId ?? null })
      // A display link reads no other route: its screen shows initials, never an avatar URL.
      if (request.auth.user !== null) return board
      return { ...board, agents: board.agents.map((agent) => ({ ...agent, avatarUrl: null })) }
    },
  )
}
