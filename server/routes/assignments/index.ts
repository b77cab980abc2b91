// Assignments (issue #12, docs/domain.md "Assignments"): who works on which mission. Administrators
// change everything and open missions to teams (issue #26); a manager assigns the members of the teams
// they manage to the missions opened to those teams, never themself (the domain answers 404 or 403,
// server/domain/assignments/scope.ts); team membership itself goes through the Teams API.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  assignmentChangeSchema,
  assignmentGridQuerySchema,
  assignTeamBodySchema,
  assignUsersBodySchema,
  missionAssignmentPageSchema,
  missionAssignmentQuerySchema,
  missionGridSchema,
  missionIdParamSchema,
  missionTeamsSchema,
  teamGridSchema,
} from '../../../src/contracts/assignments.ts'
import { commonErrors } from '../../../src/contracts/common.ts'
import { missionAssignments, missionGrid, teamGrid } from '../../domain/assignments/reads.ts'
import { assignTeam, assignUsers, unassignUsers } from '../../domain/assignments/changes.ts'
import { missionTeamList, setMissionTeam } from '../../domain/assignments/mission-teams.ts'

export const ASSIGNERS = ['ADMIN', 'MANAGER'] as const
const ADMINS = ['ADMIN'] as const

export default async function assignmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const changeAnswers = { 200: assignmentChangeSchema, 409: commonErrors[400], ...commonErrors }

  app.get(
    '/api/assignments/missions',
    {
      config: { access: ASSIGNERS },
      schema: {
        tags: ['assignments'],
        querystring: assignmentGridQuerySchema,
        response: { 200: missionGridSchema, ...commonErrors },
      },
    },
    async (request) => missionGrid(db, request.auth.user!, request.query),
  )

  app.get(
    '/api/assignments/teams',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['assignments'],
        querystring: assignmentGridQuerySchema,
        response: { 200: teamGridSchema, ...commonErrors },
      },
    },
    async (request) => teamGrid(db, request.auth.user!, request.query),
  )

  app.get(
    '/api/assignments/mission/:missionId',
    {
      config: { access: ASSIGNERS },
      schema: {
        tags: ['assignments'],
        params: missionIdParamSchema,
        querystring: missionAssignmentQuerySchema,
        response: { 200: missionAssignmentPageSchema, ...commonErrors },
      },
    },
    async (request) => missionAssignments(db, request.auth.user!, request.params.missionId, request.query),
  )

  app.post(
    '/api/assignments/mission/:missionId/assign',
    {
      config: { access: ASSIGNERS },
      schema: {
        tags: ['assignments'],
        params: missionIdParamSchema,
        body: assignUsersBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => assignUsers(db, request.auth.user!, request.params.missionId, request.body.userIds),
  )

  app.post(
    '/api/assignments/mission/:missionId/unassign',
    {
      config: { access: ASSIGNERS },
      schema: {
        tags: ['assignments'],
        params: missionIdParamSchema,
        body: assignUsersBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => unassignUsers(db, request.auth.user!, request.params.missionId, request.body.userIds),
  )

  app.post(
    '/api/assignments/mission/:missionId/assign-team',
    {
      config: { access: ASSIGNERS },
      schema: {
        tags: ['assignments'],
        params: missionIdParamSchema,
        body: assignTeamBodySchema,
        response: changeAnswers,
      },
    },
    async (request) => assignTeam(db, request.auth.user!, request.params.missionId, request.body.teamId),
  )

  app.get(
    '/api/assignments/mission/:missionId/teams',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['assignments'],
        params: missionIdParamSchema,
        response: { 200: missionTeamsSchema, ...commonErrors },
      },
    },
    async (request) => missionTeamList(db, request.params.missionId),
  )

  for (const [action, open] of [
    ['open-team', true],
    ['close-team', false],
  ] as const)
    app.post(
      `/api/assignments/mission/:missionId/${action}`,
      {
        config: { access: ADMINS },
        schema: {
          tags: ['assignments'],
          params: missionIdParamSchema,
          body: assignTeamBodySchema,
          response: { 200: missionTeamsSchema, 409: commonErrors[400], ...commonErrors },
        },
      },
      async (request) =>
        setMissionTeam(db, request.auth.user!.id, request.params.missionId, request.body.teamId, open),
    )
}
