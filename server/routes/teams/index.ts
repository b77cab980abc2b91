// Teams (issue #12, docs/domain.md "Teams"): administrators change them; a manager reads their own.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, idParamSchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema, versionBodySchema } from '../../../src/contracts/concurrency.ts'
import { createTeamBodySchema, renameTeamBodySchema } from '../../../src/contracts/team-form.ts'
import { teamListQuerySchema, teamPageSchema, teamSchema } from '../../../src/contracts/teams.ts'
import { archiveTeam, createTeam, renameTeam, restoreTeam } from '../../domain/teams/changes.ts'
import { getTeam, listTeams } from '../../domain/teams/reads.ts'
import { publishUserChanges } from './publish.ts'
import memberRoutes from './members.ts'

export const TEAM_READERS = ['ADMIN', 'MANAGER'] as const
export const TEAM_WRITERS = ['ADMIN'] as const

export default async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const teamAnswers = { 200: teamSchema, 409: conflictBodySchema(teamSchema), ...commonErrors }

  app.get(
    '/api/teams',
    {
      config: { access: TEAM_READERS },
      schema: {
        tags: ['teams'],
        querystring: teamListQuerySchema,
        response: { 200: teamPageSchema, ...commonErrors },
      },
    },
    async (request) => listTeams(db, request.auth.user!, request.query),
  )

  app.post(
    '/api/teams',
    {
      config: { access: TEAM_WRITERS },
      schema: {
        tags: ['teams'],
        body: createTeamBodySchema,
        response: { 201: teamSchema, 409: conflictBodySchema(teamSchema), ...commonErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTeam(db, request.auth.user!.id, request.body)),
  )

  app.get(
    '/api/team/:id',
    {
      config: { access: TEAM_READERS },
      schema: { tags: ['teams'], params: idParamSchema, response: { 200: teamSchema, ...commonErrors } },
    },
    async (request) => getTeam(db, request.auth.user!, request.params.id),
  )

  app.put(
    '/api/team/:id',
    {
      config: { access: TEAM_WRITERS },
      schema: { tags: ['teams'], params: idParamSchema, body: renameTeamBodySchema, response: teamAnswers },
    },
    async (request) => renameTeam(db, request.auth.user!.id, request.params.id, request.body),
  )

  app.post(
    '/api/team/:id/archive',
    {
      config: { access: TEAM_WRITERS },
      schema: { tags: ['teams'], params: idParamSchema, body: versionBodySchema, response: teamAnswers },
    },
    async (request) => {
      const change = await archiveTeam(db, request.auth.user!.id, request.params.id, request.body.version)
      await publishUserChanges(app, change.affectedUserIds)
      return change.team
    },
  )

  app.post(
    '/api/team/:id/restore',
    {
      config: { access: TEAM_WRITERS },
      schema: { tags: ['teams'], params: idParamSchema, body: versionBodySchema, response: teamAnswers },
    },
    async (request) => restoreTeam(db, request.auth.user!.id, request.params.id, request.body.version),
  )

  await app.register(memberRoutes)
}
