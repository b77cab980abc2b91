// Asking for an SMS (issue #15 "SMS", docs/domain.md "SMS"). Every request is logged: refused at once
// when the phone opted out or the hour is quiet (the French reason in the log and to the caller), else
// queued with a durable job (SMS_SEND_QUEUE) written in the same transaction; the job
// (server/domain/sms/send-job.ts) checks the rules again, calls the provider and retries a failure
// SMS_SEND_ATTEMPTS times in all before logging it failed.
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  renderTemplate,
  templateProblem,
  type SmsKind,
  type SmsTemplateKey,
  type SmsValues,
} from '../../../src/contracts/sms.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import {
  appointments,
  leadEvents,
  leads,
  markets,
  missions,
  smsMessages,
  smsOptOuts,
} from '../../db/schema.ts'
import { isQuietTime, QUIET_HOURS_MESSAGE } from './rules.ts'
import { smsTemplateBody } from './templates.ts'

export const SMS_SEND_QUEUE = 'sms-send'
export const SMS_SEND_ATTEMPTS = 4

export type SmsRow = typeof smsMessages.$inferSelect

export function optOutMessage(since: Date): string {
  const day = since.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })
  return `Ce numéro a demandé à ne plus recevoir de SMS (STOP reçu le ${day}) : aucun SMS ne lui est envoyé.`
}

const PARIS_DATE = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Paris',
})
const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
})

/** What a template's placeholders say of a lead (and its current appointment, if any). */
export type LeadSmsContext = {
  leadId: number
  phone: string
  values: SmsValues
  appointment: { id: number; bookedAt: Date } | null
}

export async function leadSmsContext(db: Db, leadId: number): Promise<LeadSmsContext | null> {
  const [row] = await db
    .select({ lead: leads, mission: missions.name })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .innerJoin(missions, eq(missions.id, markets.missionId))
    .where(eq(leads.id, leadId))
  if (!row) return null
  const [appointment] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.leadId, leadId), isNull(appointments.cancelledAt)))
  const startsAt = appointment?.startsAt
  return {
    leadId,
    phone: row.lead.phone,
    values: {
      prénom: row.lead.firstName,
      nom: row.lead.lastName,
      mission: row.mission,
      date_rdv: startsAt ? PARIS_DATE.format(startsAt) : '',
      heure_rdv: startsAt ? PARIS_TIME.format(startsAt).replace(':', 'h') : '',
    },
    appointment: appointment ? { id: appointment.id, bookedAt: appointment.createdAt } : null,
  }
}

const APPOINTMENT_TEMPLATES: SmsTemplateKey[] = ['appointment-confirmation', 'appointment-reminder']

/** The template rendered for the lead, or the French reason it cannot be (no appointment to tell of). */
export async function renderForLead(
  db: Db,
  context: LeadSmsContext,
  key: SmsTemplateKey,
): Promise<{ text: string } | { problem: string }> {
  const body = await smsTemplateBody(db, key)
  if (APPOINTMENT_TEMPLATES.includes(key) && !context.appointment)
    return { problem: 'Ce lead n’a pas de RDV : ce modèle parle d’un RDV.' }
  const problem = templateProblem(body)
  if (problem) return { problem }
  return { text: renderTemplate(body, context.values) }
}

export type SmsRefusal = { status: 'refused-opt-out' | 'refused-quiet-hours'; error: string }

/**
 * Why an SMS may not go to this phone now (opt-out first, then the quiet hours), or null. Asked when
 * the SMS is requested and again when its job sends it (server/domain/sms/send-checks.ts).
 */
export async function smsRefusal(
  db: Db,
  sms: { phone: string; kind: SmsKind; bookedAt: Date | null },
  now: Date,
): Promise<SmsRefusal | null> {
  const [optOut] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, sms.phone))
  if (optOut) return { status: 'refused-opt-out', error: optOutMessage(optOut.createdAt) }
  if (isQuietTime(sms.kind, now, sms.bookedAt))
    return { status: 'refused-quiet-hours', error: QUIET_HOURS_MESSAGE }
  return null
}

export type SmsRequest = {
  leadId: number | null
  appointment: { id: number; bookedAt: Date } | null
  phone: string
  templateKey: SmsTemplateKey
  kind: SmsKind
  body: string
  sentBy: number | null
  numberId: number | null
}

/**
 * Logs the SMS and queues it, or logs it refused (opt-out, quiet hours). Answers the row; null when
 * the appointment already had this SMS (the once-per-appointment rule held by a unique index).
 */
export async function requestSms(
  app: FastifyInstance,
  request: SmsRequest,
  now: Date,
  tx?: Db,
): Promise<SmsRow | null> {
  // In a caller's transaction (a booking's confirmation) the SMS commits with it; the write below is
  // then a savepoint, so a duplicate undoes only this SMS.
  const db = tx ?? app.database.db
  const refusal = await smsRefusal(
    db,
    { phone: request.phone, kind: request.kind, bookedAt: request.appointment?.bookedAt ?? null },
    now,
  )
  const values = {
    leadId: request.leadId,
    appointmentId: request.appointment?.id ?? null,
    phone: request.phone,
    templateKey: request.templateKey,
    kind: request.kind,
    body: request.body,
    sentBy: request.sentBy,
    numberId: request.numberId === null ? null : String(request.numberId),
    provider: app.telephony.provider.name,
    status: refusal?.status ?? ('queued' as const),
    error: refusal?.error ?? null,
  }
  try {
    const row = await db.transaction(async (write) => {
      const [inserted] = await write.insert(smsMessages).values(values).returning()
      if (request.leadId)
        await write.insert(leadEvents).values({
          leadId: request.leadId,
          userId: request.sentBy,
          kind: 'sms',
          data: { smsId: inserted!.id, template: request.templateKey, status: inserted!.status },
        })
      if (!refusal) await app.jobs.send(SMS_SEND_QUEUE, { id: inserted!.id }, { tx: write as unknown as Db })
      return inserted!
    })
    // In a caller's transaction the job is not visible yet: the caller wakes the worker after its commit.
    if (!refusal && !tx) app.jobs.wake(SMS_SEND_QUEUE)
    return row
  } catch (error) {
    if (request.appointment && isUniqueViolation(error)) return null
    throw error
  }
}
