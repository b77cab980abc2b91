// Leads (issue #4, spec §7 "Leads"): hand-out, sheet, history, comment, edit, outcome correction,
// search and pick, and the non-production random pick.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  findLeadResponseSchema,
  leadIdParamSchema,
  leadSearchParamsSchema,
  leadSearchQuerySchema,
  leadSearchResultSchema,
} from '../../../src/contracts/lead.ts'
import { handOutLead, pickSearchedLead } from '../../domain/leads/hand-out.ts'
import { searchLeads } from '../../domain/leads/search.ts'
import { announceAssignment } from '../../domain/leads/signals.ts'
import leadAppointmentRoutes from './appointment.ts'
import leadRandomRoutes from './random.ts'
import leadSheetRoutes from './sheet.ts'
import leadTagCorrectionRoutes from './lead-tag.ts'
import leadUpdateRoutes from './update.ts'
import leadViewingRoutes from './viewing.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'

/** Spec §6: the lead-handling roles; call-capable also needs an active account. */
export const LEAD_HANDLERS = ['TELEOPERATOR', 'MANAGER'] as const

export default async function leadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database
  await app.register(leadSheetRoutes)
  await app.register(leadViewingRoutes)
  await app.register(leadUpdateRoutes)
  await app.register(leadTagCorrectionRoutes)
  await app.register(leadRandomRoutes)
  await app.register(leadAppointmentRoutes)

  app.post(
    '/api/lead/find-lead-to-process',
    {
      config: { access: LEAD_HANDLERS },
      schema: { tags: ['leads'], response: { 200: findLeadResponseSchema, ...commonErrors } },
    },
    async (request) => {
      const user = request.auth.user!
      const handedOut = await handOutLead(db, user)
      if ('message' in handedOut) return handedOut
      announceAssignment(app, user.id, handedOut.lead)
      return { redirect: appUrls.lead(handedOut.lead.uuid) }
    },
  )

  app.get(
    '/api/lead/search/:search/:page?',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: leadSearchParamsSchema,
        querystring: leadSearchQuerySchema,
        response: { 200: leadSearchResultSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      // Spec §4: 403 while the user has an ongoing call, checked with the page (searchLeads).
      return searchLeads(db, {
        user,
        search: request.params.search,
        page: request.params.page,
        limit: request.query.limit,
        missionId: request.query.missionId,
      })
    },
  )

  app.post(
    '/api/lead/search/pick/:leadId',
    {
      config: { access: LEAD_HANDLERS },
      schema: {
        tags: ['leads'],
        params: leadIdParamSchema,
        response: { 200: findLeadResponseSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const lead = await pickSearchedLead(db, user, request.params.leadId)
      announceAssignment(app, user.id, lead)
      return { redirect: appUrls.lead(lead.uuid) }
    },
  )
}
