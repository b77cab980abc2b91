// PUT /api/lead/{id} (spec §7 "Leads", lead payload): edits the lead's identity and contact fields.
// Rules in docs/domain.md "Leads" (Editing); the effects in server/domain/leads/update.ts.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { leadUpdateBodySchema } from '../../../src/contracts/lead-changes.ts'
import { leadParamsSchema, leadSchema } from '../../../src/contracts/lead.ts'
import { updateLeadContact } from '../../domain/leads/update.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { loadLead } from '../../domain/leads/view.ts'
import { publishLeadUpdate } from '../../domain/leads/signals.ts'

export default async function leadUpdateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.put(
    '/api/lead/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['leads'],
        params: leadParamsSchema,
        body: leadUpdateBodySchema,
        response: { 200: leadSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const row = await findVisibleLead(db, user, request.params.id)
      const { updatedAt, ...changes } = request.body
      const changed = await updateLeadContact(db, { user, leadId: row.lead.id, changes, updatedAt })
      if (Object.keys(changed).length > 0) await publishLeadUpdate(app, row.lead, 'update')
      return loadLead(db, row.lead.id, {
        sessionIdleMs: app.config.sessionIdleMs,
        readerId: request.auth.user!.id,
      })
    },
  )
}
