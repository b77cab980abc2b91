// Appointment reminders by SMS (issue #15 "SMS", docs/domain.md "SMS"): the scheduled job
// 'appointment-reminders-sms' sends the reminder template to each lead whose appointment starts within
// REMINDER_LEAD_HOURS, once per appointment (sms_messages' unique appointment + template, so two
// processes or two runs cannot send it twice), and only when the appointment was booked at least
// REMINDER_LEAD_HOURS before it starts: a later booking has just had its confirmation, as the e-mail
// reminder rules (server/domain/mails/appointment-mails.ts). Quiet hours postpone it: a run outside
// them sends nothing, the first run inside them sends; an appointment that starts before the hours
// open again gets no reminder.
import { and, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { appointments, smsMessages } from '../../db/schema.ts'
import { isQuietTime } from './rules.ts'
import { leadSmsContext, renderForLead } from './lead-context.ts'
import { requestSms } from './send.ts'

export const REMINDER_LEAD_HOURS = 24

export async function sendAppointmentReminders(
  app: FastifyInstance,
  now: Date,
): Promise<{ sent: number; refused: number }> {
  const result = { sent: 0, refused: 0 }
  if (isQuietTime('reminder', now, null)) return result
  const { db } = app.database
  const due = await db
    .select({ id: appointments.id, leadId: appointments.leadId })
    .from(appointments)
    .where(
      and(
        isNull(appointments.cancelledAt),
        gt(appointments.startsAt, now),
        lte(appointments.startsAt, new Date(now.getTime() + REMINDER_LEAD_HOURS * 3_600_000)),
        lte(
          appointments.createdAt,
          sql`${appointments.startsAt} - make_interval(hours => ${REMINDER_LEAD_HOURS})`,
        ),
        notExists(
          db
            .select({ id: smsMessages.id })
            .from(smsMessages)
            .where(
              and(
                eq(smsMessages.appointmentId, appointments.id),
                eq(smsMessages.templateKey, 'appointment-reminder'),
              ),
            ),
        ),
      ),
    )
    .limit(500)
  for (const appointment of due) {
    const context = await leadSmsContext(db, appointment.leadId)
    if (!context?.appointment || context.appointment.id !== appointment.id) continue
    const rendered = await renderForLead(db, context, 'appointment-reminder')
    if (!('text' in rendered)) continue
    const row = await requestSms(
      app,
      {
        leadId: context.leadId,
        appointment: context.appointment,
        phone: context.phone,
        templateKey: 'appointment-reminder',
        kind: 'reminder',
        body: rendered.text,
        sentBy: null,
        numberId: app.config.sms.numberId ?? null,
      },
      now,
    )
    if (row?.status === 'queued') result.sent += 1
    else if (row) result.refused += 1
  }
  return result
}
