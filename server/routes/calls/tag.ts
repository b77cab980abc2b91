// POST /api/calls/tag (spec §7 "Calls", §3 "Tag payload"): records the outcome of a call on a lead.
// The effects live in server/domain/leads/tagging.ts; this route checks who asks and notifies.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { tagBodySchema, tagResponseSchema } from '../../../src/contracts/lead.ts'
import { tagLead } from '../../domain/leads/tagging.ts'
import { announceTagOutcome } from '../../domain/leads/outcome-signals.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'

/** Spec §6: the lead-handling roles. */
const LEAD_HANDLERS = ['TELEOPERATOR', 'MANAGER'] as const

export default async function callTagRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.post(
    '/api/calls/tag',
    {
      config: { access: LEAD_HANDLERS },
      schema: {
        tags: ['calls'],
        body: tagBodySchema,
        response: { 200: tagResponseSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const body = request.body
      const outcome = await tagLead(db, {
        user,
        leadId: body.leadId,
        callId: body.callId,
        callProcessTagId: body.callProcessTagId,
        details: body.details ?? {},
        comment: body.comment || null,
      })
      await announceTagOutcome(app, user.id, outcome)
      // Issue #11: a lead whose process goes on with its holder keeps them on its sheet. Issue #29: an
      // outcome that requires an appointment never gets here (409, recorded with its booking).
      const redirect = outcome.released ? appUrls.home() : appUrls.lead(outcome.lead.uuid)
      return { redirect, leadTagId: outcome.leadTagId, step: outcome.step, progress: outcome.progress }
    },
  )
}
