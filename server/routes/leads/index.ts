// Leads (issue #4, spec §7 "Leads"): hand-out, sheet, history, comment, edit, outcome correction,
// search and pick, and the non-production random pick.
import { closedMissionsMessage } from '../../domain/calls/calling-rules.ts'
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
import { isCallCapable } from '../../../src/contracts/roles.ts'
import { blockingError, findLeadToProcess, pickLead } from '../../domain/leads/assignment.ts'
import { searchLeads } from '../../domain/leads/search.ts'
import { picksFromAnyMission } from '../../domain/leads/pick-rule.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { errors } from '../../lib/http-error.ts'
import type { SessionUser } from '../../plugins/session.ts'
import { announceAssignment } from '../../domain/leads/signals.ts'
import leadAppointmentRoutes from './appointment.ts'
import leadRandomRoutes from './random.ts'
import leadSheetRoutes from './sheet.ts'
import leadTagCorrectionRoutes from './lead-tag.ts'
import leadUpdateRoutes from './update.ts'
import leadViewingRoutes from './viewing.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'

export const NOTHING_TO_PROCESS = 'Aucun lead à traiter pour le moment.'
/** Spec §6: the lead-handling roles; call-capable also needs an active account. */
export const LEAD_HANDLERS = ['TELEOPERATOR', 'MANAGER'] as const
const NOT_AVAILABLE = 'Ce lead n’est pas disponible : il est déjà en cours de traitement, expiré ou clos.'
const NOT_CALL_CAPABLE = 'Seuls les téléopérateurs et managers actifs peuvent traiter des leads.'

export function assertCallCapable(user: SessionUser) {
  if (!isCallCapable(user)) throw errors.forbidden(NOT_CALL_CAPABLE)
}

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
      assertCallCapable(user)
      const outcome = await findLeadToProcess(db, user.id)
      if (outcome.kind === 'blocked') throw blockingError(outcome.blocking)
      // Issue #12: when the calling hours of every mission of the user are closed, the answer says so.
      if (outcome.kind === 'none')
        return { message: (await closedMissionsMessage(db, user.id)) ?? NOTHING_TO_PROCESS }
      announceAssignment(app, user.id, outcome.lead)
      return { redirect: appUrls.lead(outcome.lead.uuid) }
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
      assertCallCapable(user)
      const row = await findVisibleLead(db, user, request.params.leadId)
      const outcome = await pickLead(db, user.id, row.lead.id, picksFromAnyMission(user))
      if (outcome.kind === 'blocked') throw blockingError(outcome.blocking)
      if (outcome.kind !== 'assigned') throw errors.conflict(NOT_AVAILABLE)
      announceAssignment(app, user.id, outcome.lead)
      return { redirect: appUrls.lead(outcome.lead.uuid) }
    },
  )
}
