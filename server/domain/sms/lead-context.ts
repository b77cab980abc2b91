// What an SMS to a lead says and knows of it (issue #15 "SMS", docs/domain.md "SMS"): the template's
// placeholders filled for the lead and its current appointment, and the instant that opens that
// appointment's confirmation window in the quiet hours (none for a re-booking, issue #26).
import { and, eq, isNull } from 'drizzle-orm'
import {
  renderTemplate,
  templateProblem,
  type SmsTemplateKey,
  type SmsValues,
} from '../../../src/contracts/sms.ts'
import type { Db } from '../../db/client.ts'
import { appointments, leads, markets, missions } from '../../db/schema.ts'
import { confirmationWindowStart } from './rebooking.ts'
import { smsTemplateBody } from './templates.ts'
import { withOrdinalFirst } from '../../../src/contracts/paris-calendar.ts'
import { smsPhoneOf } from '../../../src/contracts/phone.ts'

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

/**
 * A lead's current appointment as the SMS rules see it: `bookedAt` opens its confirmation's window
 * in the quiet hours, null when the booking moved an earlier appointment (server/domain/sms/rebooking.ts).
 */
export type SmsAppointment = { id: number; bookedAt: Date | null }

/** What a template's placeholders say of a lead (and its current appointment, if any). */
export type LeadSmsContext = {
  leadId: number
  /** The number SMS go to: the main phone, or the second one when only it is a mobile (issue #31). */
  phone: string
  /** Whether `phone` is the lead's second number. */
  secondaryPhone: boolean
  values: SmsValues
  appointment: SmsAppointment | null
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
    ...smsPhoneOf(row.lead),
    values: {
      prénom: row.lead.firstName,
      nom: row.lead.lastName,
      mission: row.mission,
      date_rdv: startsAt ? withOrdinalFirst(PARIS_DATE, startsAt) : '',
      heure_rdv: startsAt ? PARIS_TIME.format(startsAt).replace(':', 'h') : '',
    },
    appointment: appointment
      ? {
          id: appointment.id,
          bookedAt: await confirmationWindowStart(db, appointment),
        }
      : null,
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
