// Appointments of a lead (spec §7 "Leads"): GET /api/lead/{leadId}/appointment-availabilities and
// POST /api/lead/{leadId}/appointment. Rules in server/domain/appointments.ts (docs/domain.md).
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  appointmentAvailabilitiesSchema,
  appointmentLeadParamsSchema,
  bookAppointmentBodySchema,
  bookAppointmentResponseSchema,
} from '../../../src/contracts/appointment.ts'
import { commonErrors } from '../../../src/contracts/common.ts'
import { appointmentAvailabilities, bookAppointment } from '../../domain/appointments.ts'
import { queueAppointmentConfirmation } from '../../domain/mails/appointment-mails.ts'
import { findVisibleLead } from '../../domain/lead-access.ts'
import { announceBooking } from '../../domain/outcome-signals.ts'
import { appUrls } from '../../../src/contracts/app-urls.ts'
import { sessionKeyOf } from '../../domain/gamification/tentacalls/session-appointments.ts'
import { sendBookingConfirmation } from '../../domain/sms/lead-sms.ts'

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
      return appointmentAvailabilities(db, user, row, new Date())
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
        response: { 200: bookAppointmentResponseSchema, 409: commonErrors[400], ...commonErrors },
      },
    },
    async (request) => {
      const user = request.auth.user!
      const row = await findVisibleLead(db, user, request.params.leadId)
      const outcome = await bookAppointment(db, {
        user,
        leadId: row.lead.id,
        startsAt: new Date(request.body.startsAt),
        now: new Date(),
        sessionKey: sessionKeyOf(request.auth.sessionId),
      })
      await announceBooking(app, user.id, outcome)
      // Issue #15: after the commit, through the send queue (the booking never waits on SMTP).
      if (outcome.changed && request.body.confirmByEmail)
        await queueAppointmentConfirmation(app, {
          appointmentId: outcome.appointment.id,
          requestedBy: user.id,
        })
      // Issue #15: the confirmation SMS the booking form asked for; its refusal never fails the booking.
      const smsRefusal =
        request.body.sendSms && outcome.changed
          ? await sendBookingConfirmation(app, user.id, outcome.lead.id, app.sms.now())
          : null
      // docs/domain.md "Appointments": back to the sheet while the user holds the lead, else home.
      const redirect = outcome.stillHeld ? appUrls.lead(outcome.lead.uuid) : appUrls.home()
      return { appointment: outcome.appointment, redirect, smsRefusal }
    },
  )
}
