// Appointments (spec §2 "lead/{uuid}/appointment", §3 "metadata.appointment", §7
// appointment-availabilities and appointment): shapes shared by the server and the client.
// The rules (agenda, working hours, who may book) are in docs/domain.md "Appointments".
import { z } from 'zod'
import { leadRefSchema, tagBodySchema, userRefSchema } from './lead.ts'

/** The agenda's time zone: slots, days and working hours are Paris wall-clock time. */
export const APPOINTMENT_TIME_ZONE = 'Europe/Paris'

const instant = z.iso.datetime({ offset: true })

/** `{leadId}` of the appointment routes: the lead's numeric id or its uuid, like GET /api/lead/{id}. */
export const appointmentLeadParamsSchema = z.object({ leadId: leadRefSchema })

export const appointmentSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() })
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>

/** One Paris calendar day of the booking window: its free slots (none when it is full). */
export const appointmentDaySchema = z.object({
  /** YYYY-MM-DD, Paris calendar. */
  date: z.string(),
  slots: z.array(appointmentSlotSchema),
})
export type AppointmentDay = z.infer<typeof appointmentDaySchema>

/** The lead's booked appointment, as the agenda holds it. */
export const appointmentSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  bookedAt: z.string(),
  bookedBy: userRefSchema.nullable(),
})
export type Appointment = z.infer<typeof appointmentSchema>

/** GET /api/lead/{leadId}/appointment-availabilities. */
export const appointmentAvailabilitiesSchema = z.object({
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  /** Every working day of the window, in order; `slots` lists the free ones. */
  days: z.array(appointmentDaySchema),
  current: appointmentSchema.nullable(),
  /** Whether the caller may book or move this lead's appointment now. */
  canBook: z.boolean(),
})
export type AppointmentAvailabilities = z.infer<typeof appointmentAvailabilitiesSchema>

/** POST /api/lead/{leadId}/appointment: the start of one of the offered slots. */
export const bookAppointmentBodySchema = z.object({
  startsAt: instant,
  /** Issue #15 "SMS": send the appointment confirmation SMS (docs/domain.md "SMS"). */
  sendSms: z.boolean().optional(),
  /** Issue #15: send the lead the confirmation e-mail (when the lead has an address). */
  confirmByEmail: z.boolean().optional(),
  /**
   * Issue #29 point 3: the outcome that requires this appointment (« RDV pris »), recorded with the
   * booking in one transaction; POST /api/calls/tag refuses it alone (409).
   */
  outcome: tagBodySchema.omit({ leadId: true }).optional(),
})
export type BookAppointmentBody = z.infer<typeof bookAppointmentBodySchema>

/** The booked appointment and where to go next (the API client follows `redirect`). */
export const bookAppointmentResponseSchema = z.object({
  appointment: appointmentSchema,
  redirect: z.string(),
  /** Issue #15: why the confirmation SMS asked for was not sent (French), if it was not. */
  smsRefusal: z.string().nullable().optional(),
})
export type BookAppointmentResponse = z.infer<typeof bookAppointmentResponseSchema>

/**
 * The copy kept in `leads.metadata.appointment` (spec §3). Seeded leads carry only the two dates;
 * appointments booked through the API also carry the agenda row and who booked it.
 */
export type AppointmentMetadata = {
  startsAt: string
  endsAt: string
  appointmentId?: number
  bookedByUserId?: number | null
  bookedAt?: string
}
