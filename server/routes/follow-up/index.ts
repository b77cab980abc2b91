// The lead follow-up (issue #14, /activity/leads-follow-up; docs/domain.md "Timeline and follow-up"):
// GET /api/activity/follow-up?missionId= (one mission's pipeline per market) and
// GET /api/activity/follow-up/leads?missionId=&marketId=&bucket=&value=&page= (the leads behind a
// count). Managers and administrators; a manager only the missions of their teams (lead-access rule).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  followUpLeadsPageSchema,
  followUpLeadsQuerySchema,
  followUpQuerySchema,
  followUpSchema,
} from '../../../src/contracts/follow-up.ts'
import { followUpLeads, followUpOf } from '../../domain/follow-up/follow-up.ts'

const FOLLOWERS = ['ADMIN', 'MANAGER'] as const

export default async function followUpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/activity/follow-up',
    {
      config: { access: [...FOLLOWERS] },
      schema: {
        tags: ['activity'],
        querystring: followUpQuerySchema,
        response: { 200: followUpSchema, ...commonErrors },
      },
    },
    async (request) => followUpOf(db, request.auth.user!, request.query.missionId),
  )

  app.get(
    '/api/activity/follow-up/leads',
    {
      config: { access: [...FOLLOWERS] },
      schema: {
        tags: ['activity'],
        querystring: followUpLeadsQuerySchema,
        response: { 200: followUpLeadsPageSchema, ...commonErrors },
      },
    },
    async (request) => followUpLeads(db, request.auth.user!, request.query),
  )
}
