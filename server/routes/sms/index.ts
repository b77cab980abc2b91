// SMS (issue #15 "SMS", docs/domain.md "SMS"): administrators edit the templates (versioned, audited)
// and read the send log and the opt-outs; on the lead sheet, a signed-in user who sees the lead reads
// what may be sent to it, and one who may act on it sends a template (429 past a cap, issue #26).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors, errorBodySchema } from '../../../src/contracts/common.ts'
import { conflictBodySchema } from '../../../src/contracts/concurrency.ts'
import { appointmentLeadParamsSchema } from '../../../src/contracts/appointment.ts'
import {
  leadSmsOptionsSchema,
  leadSmsSendSchema,
  smsLogQuerySchema,
  smsLogSchema,
  smsMessageSchema,
  smsOptOutListSchema,
  smsTemplateBodySchema,
  smsTemplateKeyParamSchema,
  smsTemplateListSchema,
  smsTemplateSchema,
} from '../../../src/contracts/sms.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { leadSmsOptions, sendLeadSms } from '../../domain/sms/lead-sms.ts'
import { smsLog, smsOptOutList } from '../../domain/sms/reads.ts'
import { listSmsTemplates, updateSmsTemplate } from '../../domain/sms/templates.ts'
import { personName } from '../../../src/contracts/person-name.ts'

const ADMIN = ['ADMIN'] as const

export default async function smsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/sms/templates',
    {
      config: { access: ADMIN },
      schema: { tags: ['sms'], response: { 200: smsTemplateListSchema, ...commonErrors } },
    },
    async () => ({ templates: await listSmsTemplates(db) }),
  )

  app.put(
    '/api/sms/templates/:key',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['sms'],
        params: smsTemplateKeyParamSchema,
        body: smsTemplateBodySchema,
        response: { 200: smsTemplateSchema, 409: conflictBodySchema(smsTemplateSchema), ...commonErrors },
      },
    },
    async (request) => updateSmsTemplate(db, request.auth.user!.id, request.params.key, request.body),
  )

  app.get(
    '/api/sms/messages',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['sms'],
        querystring: smsLogQuerySchema,
        response: { 200: smsLogSchema, ...commonErrors },
      },
    },
    async (request) => smsLog(db, request.query),
  )

  app.get(
    '/api/sms/opt-outs',
    {
      config: { access: ADMIN },
      schema: { tags: ['sms'], response: { 200: smsOptOutListSchema, ...commonErrors } },
    },
    async () => ({ optOuts: await smsOptOutList(db) }),
  )

  app.get(
    '/api/lead/:leadId/sms',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['sms'],
        params: appointmentLeadParamsSchema,
        response: { 200: leadSmsOptionsSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const row = await findVisibleLead(db, user, request.params.leadId)
      return leadSmsOptions(app, user.id, row.lead.id, app.sms.now())
    },
  )

  app.post(
    '/api/lead/:leadId/sms',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['sms'],
        params: appointmentLeadParamsSchema,
        body: leadSmsSendSchema,
        response: { 200: smsMessageSchema, 409: errorBodySchema, 429: errorBodySchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const { lead } = await findVisibleLead(db, user, request.params.leadId)
      const row = await sendLeadSms(app, user, lead, request.body.template, app.sms.now())
      return {
        id: row.id,
        leadId: row.leadId,
        leadName: personName(lead),
        phone: row.phone,
        templateKey: row.templateKey,
        kind: row.kind,
        body: row.body,
        numberId: row.numberId,
        status: row.status,
        providerMessageId: row.providerMessageId,
        error: row.error,
        sentBy: personName(user),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }
    },
  )
}
