// A team's members and managers (issue #12): administrators only; set operations, each answered with
// the team as it now is.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import { teamMemberParamsSchema, teamSchema } from '../../../src/contracts/teams.ts'
import { addMember, removeMember, setManager } from '../../domain/teams/members.ts'
import { publishUserChanges } from './publish.ts'

const ADMINS = ['ADMIN'] as const

export default async function teamMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const schema = {
    tags: ['teams'],
    params: teamMemberParamsSchema,
    response: { 200: teamSchema, 409: conflictBodySchema(teamSchema), ...commonErrors },
  }

  const changes = {
    'PUT member': addMember,
    'DELETE member': removeMember,
    'PUT manager': (...args: Parameters<typeof addMember>) => setManager(...args, true),
    'DELETE manager': (...args: Parameters<typeof addMember>) => setManager(...args, false),
  } as const

  for (const [key, change] of Object.entries(changes)) {
    const [method, resource] = key.split(' ') as ['PUT' | 'DELETE', string]
    app.route({
      method,
      url: `/api/team/:id/${resource}/:userId`,
      config: { access: ADMINS },
      schema,
      handler: async (request) => {
        const { id, userId } = request.params
        const result = await change(db, request.auth.user!.id, id, userId)
        await publishUserChanges(app, result.affectedUserIds)
        return result.team
      },
    })
  }
}
