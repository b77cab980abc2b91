// PUT /api/lead/{leadId}/lead-tag/{leadTagId} (spec §7 "Leads", §4 "A lead-tag update carries step,
// status and substatus"): corrects a recorded outcome. Rules in docs/domain.md "Calls" (Correcting an
// outcome); the effects in server/domain/leads/tag-correction.ts.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { channels } from '../../../src/contracts/live.ts'
import {
  leadTagCorrectionBodySchema,
  leadTagCorrectionResponseSchema,
  leadTagParamsSchema,
} from '../../../src/contracts/lead-changes.ts'
import { correctLeadTag } from '../../domain/leads/tag-correction.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { publishLeadUpdate } from '../../domain/leads/signals.ts'
import { forgetMe } from '../../domain/gamification/announce.ts'

export default async function leadTagCorrectionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.put(
    '/api/lead/:leadId/lead-tag/:leadTagId',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: leadTagParamsSchema,
        body: leadTagCorrectionBodySchema,
        response: { 200: leadTagCorrectionResponseSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      // The lead must be one the user sees (404 like an unknown lead); correctLeadTag re-reads it locked.
      await findVisibleLead(db, user, request.params.leadId)
      const outcome = await correctLeadTag(db, { user, ...request.params, ...request.body })
      const { leadTag } = outcome
      // Issue #14: `me` dropped before the signals make the client refetch it.
      await forgetMe(app, outcome.experience?.userId)
      if (outcome.changed) {
        const recorder = leadTag.userId === null ? [] : [leadTag.userId]
        await publishLeadUpdate(app, outcome.lead, 'tag-correction', [user.id, ...recorder])
      }
      // Issue #14: a correction moves the recorder's experience, hence the leaderboard.
      if (outcome.experience) app.leaderboard.changed()
      if (outcome.experience)
        await app.live.publish(channels.experience(outcome.experience.userId), {
          experiencePoints: outcome.experience.experiencePoints,
          gained: outcome.experience.gained,
        })
      return {
        leadTag: {
          id: leadTag.id,
          leadId: leadTag.leadId,
          callId: leadTag.callId,
          userId: leadTag.userId,
          callProcessTagId: leadTag.callProcessTagId,
          step: leadTag.step,
          status: leadTag.status,
          substatus: leadTag.substatus,
          createdAt: leadTag.createdAt.toISOString(),
        },
        appliedToLead: outcome.appliedToLead,
      }
    },
  )
}
