// Who looks at which lead sheet, and freeing a held lead (spec §7 "Authentication and users"):
// POST /api/users/view-lead-page, POST /api/users/quit-lead-page, GET /api/user/{id}/viewing-lead,
// POST /api/users/unassign-lead-from-user, and the holder handing a lead back, POST /api/lead/{id}/release
// (issue #11). Rules in docs/domain.md "Leads".
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { commonErrors, idParamSchema, okSchema } from '../../../src/contracts/common.ts'
import {
  leadParamsSchema,
  leadReleaseBodySchema,
  quitLeadPageBodySchema,
  viewingLeadSchema,
  viewLeadPageBodySchema,
} from '../../../src/contracts/lead.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { releaseHeldLead, unassignLeads } from '../../domain/leads/release.ts'
import { viewingLeadOf } from '../../domain/leads/viewing.ts'
import { publishLeadUpdate, setViewingLead, userChanged } from '../../domain/leads/signals.ts'

const unassignBodySchema = z
  .object({ userId: z.number().int().positive().max(2_147_483_647).optional() })
  .nullish()

export default async function leadViewingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  const ok = { 200: okSchema, 409: commonErrors[400], ...commonErrors }

  app.post(
    '/api/users/view-lead-page',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], body: viewLeadPageBodySchema, response: ok },
    },
    async (request) => {
      const row = await findVisibleLead(db, request.auth.user!, request.body.leadId)
      await setViewingLead(app, request.auth.user!.id, row.lead.id)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/users/quit-lead-page',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], body: quitLeadPageBodySchema, response: ok },
    },
    async (request) => {
      await setViewingLead(app, request.auth.user!.id, null, request.body?.leadId)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/user/:id/viewing-lead',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: idParamSchema,
        response: { 200: viewingLeadSchema, ...commonErrors },
      },
    },
    async (request) => {
      return viewingLeadOf(db, request.auth.user!, request.params.id)
    },
  )

  app.post(
    '/api/users/unassign-lead-from-user',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['leads'], body: unassignBodySchema, response: ok },
    },
    async (request) => {
      const me = request.auth.user!
      const userId = request.body?.userId ?? me.id
      const freed = await unassignLeads(db, me, userId)
      await userChanged(app, userId)
      for (const lead of freed) await publishLeadUpdate(app, lead, 'unassignment', [userId])
      return { ok: true as const }
    },
  )

  app.post(
    '/api/lead/:id/release',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: leadParamsSchema,
        body: leadReleaseBodySchema,
        response: ok,
      },
    },
    async (request) => {
      const me = request.auth.user!
      const lead = await releaseHeldLead(db, me, request.params.id, request.body.reason)
      await userChanged(app, me.id)
      await publishLeadUpdate(app, lead, 'release', [me.id])
      return { ok: true as const }
    },
  )
}
