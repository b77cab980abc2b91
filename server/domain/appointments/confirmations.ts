// The confirmations a booking asks for (issue #15; docs/domain.md "Appointments"): the e-mail and the
// SMS are written — log rows and their send jobs — in the booking's own transaction, so the booking
// and its confirmations commit together. A refusal by rule (no address, opt-out, quiet hours) is an
// answer recorded with the booking; a failure to write them undoes the booking (503, French reason),
// so a retry of the slot books it again and confirms it.
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { HttpError } from '../../lib/http-error.ts'
import type { AlongsideBooking } from './booking.ts'
import { queueAppointmentConfirmation } from '../mails/appointment-mails.ts'
import { MAIL_QUEUE } from '../mails/send.ts'
import { sendBookingConfirmation } from '../sms/lead-sms.ts'
import { SMS_SEND_QUEUE } from '../sms/send.ts'

export const CONFIRMATION_NOT_QUEUED =
  'Le rendez-vous n’a pas été fixé : sa confirmation (e-mail ou SMS) n’a pas pu être préparée. Réessayez dans un instant.'

export type ConfirmationRequest = { email: boolean; sms: boolean; userId: number; smsNow: Date }

/** What the booking's transaction answers: why the SMS asked for was not sent, if it was not. */
export type Confirmations = { smsRefusal: string | null }

/** The confirmations as work of the booking's transaction (`bookAppointment`'s `alongside`). */
export function bookingConfirmations(
  app: FastifyInstance,
  request: ConfirmationRequest,
): AlongsideBooking<Confirmations> | undefined {
  if (!request.email && !request.sms) return undefined
  return async (tx: Db, booked) => {
    try {
      if (request.email)
        await queueAppointmentConfirmation(
          app,
          { appointmentId: booked.appointmentId, requestedBy: request.userId },
          tx,
        )
      const smsRefusal = request.sms
        ? await sendBookingConfirmation(app, request.userId, booked.leadId, request.smsNow, tx)
        : null
      return { smsRefusal }
    } catch (error) {
      // Not the slot's unique violation (that would read as "slot taken"): the booking is undone.
      app.log.error({ err: error, leadId: booked.leadId }, 'booking: confirmation not queued')
      throw new HttpError(503, 'CONFIRMATION_NOT_QUEUED', CONFIRMATION_NOT_QUEUED)
    }
  }
}

/** After the commit: the jobs are visible now, this process's workers take them at once. */
export function wakeConfirmationWorkers(app: FastifyInstance, request: ConfirmationRequest) {
  if (request.email) app.jobs.wake(MAIL_QUEUE)
  if (request.sms) app.jobs.wake(SMS_SEND_QUEUE)
}
