// Appointments of a lead (spec §7 "Leads"): GET /api/lead/{leadId}/appointment-availabilities and
// POST /api/lead/{leadId}/appointment. Rules in server/domain/appointments/booking.ts (docs/domain.md).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  appointmentAvailabilitiesSchema,
  appointmentLeadParamsSchema,
  bookAppointmentBodySchema,
  bookAppointmentResponseSchema,
  type BookAppointmentBody,
} from '../../../src/contracts/appointment.ts'
import { commonErrors } from '../../../src/contracts/common.ts'
import {
  appointmentAvailabilities,
  bookAppointment,
  type OutcomeWithBooking,
} from '../../domain/appointments/booking.ts'
import { bookingConfirmations, wakeConfirmationWorkers } from '../../domain/appointments/confirmations.ts'
import { findVisibleLead } from '../../domain/leads/access.ts'
import { announceBooking, announceTagOutcome } from '../../domain/leads/outcome-signals.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'
import { sessionKeyOf } from '../../domain/gamification/tentacalls/session-appointments.ts'

/** Issue #29 point 3: the pending outcome (« RDV pris ») the booking records with it. */
function outcomeOf(body: BookAppointmentBody['outcome']): OutcomeWithBooking | null {
  if (!body) return null
  return {
    callId: body.callId ?? null,
    callProcessTagId: body.callProcessTagId,
    details: body.details ?? {},
    comment: body.comment || null,
  }
}

export default async function leadAppointmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db } = app.database

  app.get(
    '/api/lead/:leadId/appointment-availabilities',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['appointments'],
        params: appointmentLeadParamsSchema,
        response: { 200: appointmentAvailabilitiesSchema, ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const row = await findVisibleLead(db, user, request.params.leadId)
      return appointmentAvailabilities(db, user, row, app.sms.now())
    },
  )

  app.post(
    '/api/lead/:leadId/appointment',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['appointments'],
        params: appointmentLeadParamsSchema,
        body: bookAppointmentBodySchema,
        response: {
          200: bookAppointmentResponseSchema,
          409: commonErrors[400],
          503: commonErrors[400],
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const row = await findVisibleLead(db, user, request.params.leadId)
      // Issue #15: the confirmations asked for commit with the booking (their queue, never SMTP); a
      // refusal by rule never fails the booking (docs/domain.md "Appointments"). One clock, the SMS
      // rules' (the wall clock in production), stamps the booking and opens its confirmation's window
      // in the quiet hours (issue #26): a test that moves it moves both.
      const now = app.sms.now()
      const confirm = {
        email: request.body.confirmByEmail === true,
        sms: request.body.sendSms === true,
        userId: user.id,
        smsNow: now,
      }
      const outcome = await bookAppointment(db, {
        user,
        leadId: row.lead.id,
        startsAt: new Date(request.body.startsAt),
        now,
        sessionKey: sessionKeyOf(request.auth.sessionId),
        outcome: outcomeOf(request.body.outcome),
        alongside: bookingConfirmations(app, confirm),
      })
      if (outcome.changed) wakeConfirmationWorkers(app, confirm)
      await announceBooking(app, user.id, outcome)
      if (outcome.tagged) await announceTagOutcome(app, user.id, outcome.tagged)
      const smsRefusal = outcome.alongside?.smsRefusal ?? null
      // docs/domain.md "Appointments": back to the sheet while the user holds the lead, else home.
      const redirect = outcome.stillHeld ? appUrls.lead(outcome.lead.uuid) : appUrls.home()
      return { appointment: outcome.appointment, redirect, smsRefusal }
    },
  )
}
