// SMS from the lead sheet (issue #15 "SMS"): what may be sent to a lead (each template rendered for
// it, or why not), and the send itself by an agent who may act on the lead (server/domain/
// lead-access.ts), recorded in the lead's history; the booking's confirmation SMS.
import type { FastifyInstance } from 'fastify'
import {
  NOT_TEXTABLE_MESSAGE,
  SMS_TEMPLATE_KEYS,
  type LeadSmsOptions,
  type SmsTemplateKey,
} from '../../../src/contracts/sms.ts'
import { isTextablePhone } from '../../../src/contracts/phone.ts'
import type { Db } from '../../db/client.ts'
import { HttpError, errors } from '../../lib/http-error.ts'
import { mayActOnLead, type LeadActor } from '../leads/access.ts'
import { senderRefusal } from './guards.ts'
import { QUIET_HOURS_MESSAGE } from './rules.ts'
import { leadSmsContext, renderForLead, type LeadSmsContext } from './lead-context.ts'
import { requestSms, smsRefusal, type SmsRow } from './send.ts'

const NOT_ALLOWED = 'Seul l’utilisateur qui traite ce lead, ou un manager, peut lui envoyer un SMS.'

export async function leadSmsOptions(
  app: FastifyInstance,
  viewerId: number,
  leadId: number,
  now: Date,
): Promise<LeadSmsOptions> {
  const { db } = app.database
  const context = await leadSmsContext(db, leadId)
  if (!context) throw errors.notFound()
  const refusal = await sheetRefusal(db, context, viewerId, now)
  const templates = []
  for (const key of SMS_TEMPLATE_KEYS) {
    const rendered = await renderForLead(db, context, key)
    templates.push({
      key,
      text: 'text' in rendered ? rendered.text : null,
      problem: 'problem' in rendered ? rendered.problem : null,
    })
  }
  return { phone: context.phone, secondaryPhone: context.secondaryPhone, refusal, templates }
}

/** What a send from the sheet by the viewer would be refused for now (issue #26: the guards too). */
async function sheetRefusal(db: Db, context: LeadSmsContext, viewerId: number, now: Date) {
  if (!isTextablePhone(context.phone)) return NOT_TEXTABLE_MESSAGE
  const { leadId, phone } = context
  const refusal =
    (await smsRefusal(db, { phone, kind: 'manual', bookedAt: null }, now)) ??
    (await senderRefusal(db, { leadId, sentBy: viewerId, phone }, now))
  return refusal?.error ?? null
}

/** Sends one template to the lead, or refuses with the French reason (refusals are logged too). */
export async function sendLeadSms(
  app: FastifyInstance,
  actor: LeadActor,
  lead: { id: number; processingUserId: number | null },
  template: SmsTemplateKey,
  now: Date,
): Promise<SmsRow> {
  if (!mayActOnLead(actor, lead, { takesFreeLead: false })) throw errors.forbidden(NOT_ALLOWED)
  const { db } = app.database
  const context = await leadSmsContext(db, lead.id)
  if (!context) throw errors.notFound()
  if (!isTextablePhone(context.phone)) throw errors.conflict(NOT_TEXTABLE_MESSAGE)
  const rendered = await renderForLead(db, context, template)
  if ('problem' in rendered) throw errors.conflict(rendered.problem)
  const row = await requestSms(
    app,
    {
      leadId: lead.id,
      appointment: null,
      phone: context.phone,
      templateKey: template,
      kind: 'manual',
      body: rendered.text,
      sentBy: actor.id,
      numberId: app.config.sms.numberId ?? null,
    },
    now,
  )
  if (!row) throw new Error('a manual SMS is never deduplicated')
  // A cap reached is a 429 that says when (issue #26); the other refusals are 409.
  if (row.retryAt)
    throw new HttpError(429, 'SMS_LIMIT', row.error ?? '', {
      retryAfterSeconds: Math.max(1, Math.ceil((row.retryAt.getTime() - now.getTime()) / 1000)),
    })
  if (row.status !== 'queued') throw new HttpError(409, 'SMS_REFUSED', row.error ?? QUIET_HOURS_MESSAGE)
  return row
}

/**
 * The confirmation the booking form asked for (docs/domain.md "SMS"): sent at any hour within the
 * confirmation window of the booking, once per appointment. Answers the French reason it was not sent,
 * or null; never fails the booking.
 */
export async function sendBookingConfirmation(
  app: FastifyInstance,
  userId: number,
  leadId: number,
  now: Date,
  tx?: Db,
): Promise<string | null> {
  // With `tx` (the booking's transaction) the SMS is written with the booking, or not at all.
  const db = tx ?? app.database.db
  const context = await leadSmsContext(db, leadId)
  if (!context?.appointment) return null
  if (!isTextablePhone(context.phone)) return NOT_TEXTABLE_MESSAGE
  const rendered = await renderForLead(db, context, 'appointment-confirmation')
  if ('problem' in rendered) return rendered.problem
  const row = await requestSms(
    app,
    {
      leadId,
      appointment: context.appointment,
      phone: context.phone,
      templateKey: 'appointment-confirmation',
      kind: 'confirmation',
      body: rendered.text,
      sentBy: userId,
      numberId: app.config.sms.numberId ?? null,
    },
    now,
    tx,
  )
  return row && row.status !== 'queued' ? row.error : null
}
