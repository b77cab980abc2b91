// Appointments (issue #4; docs/domain.md "Appointments"): a mission's agenda, its free slots and the
// booking of one, with the lead's copy, its status and its history written in one transaction.
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm'
import type {
  Appointment,
  AppointmentAvailabilities,
  AppointmentMetadata,
} from '../../../src/contracts/appointment.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { appointments, leadEvents, leads, markets, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { APPOINTMENT_RULES, offeredDays, overlaps, refuseSlot } from './slots.ts'
import { refusalMessage } from './refusals.ts'
import { appointmentSchedule } from '../configuration/settings.ts'
import { recordEvent, type Earned } from '../gamification/engine.ts'
import { messages } from '../../lib/messages.ts'
import { tagWithBooking, type TagInput, type TagOutcome } from '../leads/tagging.ts'
import { CALL_ALREADY_TAGGED, resolveOutcomeCall, type CallRow } from '../leads/outcome-call.ts'
import { assertMayBook, mayBookAppointment, type Actor, type LeadForBooking } from './booking-access.ts'

export const SLOT_TAKEN = 'Ce créneau vient d’être réservé : choisissez-en un autre.'

/** The lead's appointment in its agenda (not cancelled), with who booked it. */
export async function currentAppointment(db: Db, leadId: number): Promise<Appointment | null> {
  const [row] = await db
    .select({
      appointment: appointments,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(appointments)
    .leftJoin(users, eq(users.id, appointments.bookedByUserId))
    .where(and(eq(appointments.leadId, leadId), isNull(appointments.cancelledAt)))
  if (!row) return null
  return {
    id: row.appointment.id,
    startsAt: row.appointment.startsAt.toISOString(),
    endsAt: row.appointment.endsAt.toISOString(),
    bookedAt: row.appointment.createdAt.toISOString(),
    bookedBy: row.user?.id ? row.user : null,
  }
}

/** The offered slots of the lead's mission minus every booked one (the lead's own included). */
export async function appointmentAvailabilities(
  db: Db,
  user: Actor,
  row: { lead: LeadForBooking; missionId: number },
  now: Date,
): Promise<AppointmentAvailabilities> {
  const rules = await appointmentSchedule(db)
  const days = offeredDays(now, rules)
  const from = days[0]?.slots[0]?.startsAt
  const to = days.at(-1)?.slots.at(-1)?.endsAt
  const booked =
    from && to
      ? await db
          .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
          .from(appointments)
          .where(
            and(
              eq(appointments.missionId, row.missionId),
              isNull(appointments.cancelledAt),
              lt(appointments.startsAt, to),
              gt(appointments.endsAt, from),
            ),
          )
      : []
  const [current, canBook] = await Promise.all([
    currentAppointment(db, row.lead.id),
    mayBookAppointment(db, user, row.lead, now),
  ])
  return {
    timeZone: APPOINTMENT_RULES.timeZone,
    durationMinutes: rules.durationMinutes,
    days: days.map((day) => ({
      date: day.date,
      slots: day.slots
        .filter((slot) => !booked.some((taken) => overlaps(slot, taken)))
        .map((slot) => ({ startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() })),
    })),
    current,
    canBook,
  }
}

export type BookingOutcome = {
  lead: { id: number; uuid: string }
  appointment: Appointment
  /** The booker still processes the lead (then the sheet is the next page, else home). */
  stillHeld: boolean
  /** False when the lead already had this very slot (a repeated request changes nothing). */
  changed: boolean
  /** Issue #14: what a booking (not a move) earned, announced after the commit. */
  earned?: Earned | null
  /** Issue #29: the outcome recorded with the booking (« RDV pris »), announced after the commit. */
  tagged?: TagOutcome
}

/**
 * Work that must commit with a booking or not at all (issue #15: the confirmations it asks for, so a
 * crash or a failure never leaves a booking without them); run in its transaction when it changed.
 */
export type AlongsideBooking<T> = (tx: Db, booked: { leadId: number; appointmentId: number }) => Promise<T>

/** Issue #29 point 3: the outcome that requires this appointment, recorded with it or not at all. */
export type OutcomeWithBooking = Omit<TagInput, 'user' | 'leadId'>

type BookingInput = {
  user: Actor
  leadId: number
  startsAt: Date
  now: Date
  sessionKey?: string | null
  outcome?: OutcomeWithBooking | null
}

/** Unique violation from either driver: another booking took the slot between our check and insert. */
export async function bookAppointment<T = never>(
  db: Db,
  input: BookingInput & { alongside?: AlongsideBooking<T> },
): Promise<BookingOutcome & { alongside?: T }> {
  const { startsAt, now } = input
  const rules = await appointmentSchedule(db)
  const refusal = refuseSlot(startsAt, now, rules)
  if (refusal) {
    const message = refusalMessage(refusal, rules)
    throw errors.invalid(message, { startsAt: message })
  }
  const endsAt = new Date(startsAt.getTime() + rules.durationMinutes * 60_000)
  let outcome: Booked & { alongside?: T }
  try {
    outcome = await db.transaction(async (tx) => {
      // The outcome's call is locked before the lead, in the order tagging takes them (tagging.ts):
      // the other way round, a booking and a tagging of one call at once could deadlock.
      const call = input.outcome
        ? await resolveOutcomeCall(tx, { ...input, callId: input.outcome.callId })
        : null
      const slot = await bookInTransaction(tx, { ...input, endsAt })
      const tagging = input.outcome && { ...input.outcome, user: input.user, leadId: slot.lead.id }
      const booked = tagging ? await withOutcome(tx, slot, tagging, call) : slot
      if (!booked.changed || !input.alongside) return booked
      const booking = { leadId: booked.lead.id, appointmentId: booked.appointmentId }
      return { ...booked, alongside: await input.alongside(tx, booking) }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(SLOT_TAKEN)
    throw error
  }
  const appointment = await currentAppointment(db, outcome.lead.id)
  if (!appointment) throw new Error('the appointment just booked is missing')
  const { appointmentId: _id, ...rest } = outcome
  return { ...rest, appointment }
}

/**
 * Issue #29 point 3: the pending outcome (« RDV pris ») recorded after the slot, in its transaction: the
 * lead takes the outcome's step, status and release, the call its outcome, the agent its points. Any
 * refusal undoes the booking too (no lead « Rendez-vous » without an appointment, nor the reverse).
 */
async function withOutcome(tx: Db, booked: Booked, tagging: TagInput, call: CallRow | null) {
  try {
    const tagged = await tagWithBooking(tx, tagging, call)
    return { ...booked, tagged, stillHeld: booked.stillHeld && !tagged.released }
  } catch (error) {
    // lead_tags_call_key (migration 0010): the call got its outcome meanwhile; not the slot's index.
    if (isUniqueViolation(error)) throw errors.conflict(CALL_ALREADY_TAGGED)
    throw error
  }
}

/** The booking as the transaction leaves it, with the id of the lead's appointment. */
type Booked = Omit<BookingOutcome, 'appointment'> & { appointmentId: number }

async function bookInTransaction(
  tx: Db,
  { user, leadId, startsAt, endsAt, now, sessionKey = null, outcome }: BookingInput & { endsAt: Date },
): Promise<Booked> {
  // The lead row lock serialises two bookings of one lead (two tabs): the second one sees the first.
  const [row] = await tx
    .select({ lead: leads, missionId: markets.missionId })
    .from(leads)
    .innerJoin(markets, eq(markets.id, leads.marketId))
    .where(eq(leads.id, leadId))
    .for('update', { of: leads })
  if (!row) throw errors.notFound(messages.leadNotFound)
  const { lead, missionId } = row
  await assertMayBook(tx, user, lead, { now, withOutcome: Boolean(outcome) })
  const result = { lead: { id: lead.id, uuid: lead.uuid }, stillHeld: lead.processingUserId === user.id }
  const [previous] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.leadId, lead.id), isNull(appointments.cancelledAt)))
  if (previous && previous.missionId === missionId && previous.startsAt.getTime() === startsAt.getTime())
    return { ...result, appointmentId: previous.id, changed: false }
  // Overlap, not only the same start: appointments that came with older data may be off the grid.
  const [clash] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.missionId, missionId),
        isNull(appointments.cancelledAt),
        ne(appointments.leadId, lead.id),
        lt(appointments.startsAt, endsAt),
        gt(appointments.endsAt, startsAt),
      ),
    )
    .limit(1)
  if (clash) throw errors.conflict(SLOT_TAKEN)
  if (previous)
    await tx.update(appointments).set({ cancelledAt: now }).where(eq(appointments.id, previous.id))
  // A concurrent booking of this slot (another lead, another process) fails here on the unique index.
  const [created] = await tx
    .insert(appointments)
    .values({ leadId: lead.id, missionId, startsAt, endsAt, bookedByUserId: user.id, createdAt: now })
    .returning({ id: appointments.id })
  const copy: AppointmentMetadata = {
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    appointmentId: created!.id,
    bookedByUserId: user.id,
    bookedAt: now.toISOString(),
  }
  // An appointment makes the lead APPOINTMENT; a forced one ends WAITING_FOR_FORCED_RDV.
  await tx
    .update(leads)
    .set({
      metadata: { ...lead.metadata, appointment: copy },
      status: 'APPOINTMENT',
      substatus: null,
      recallAt: null,
      updatedAt: now,
    })
    .where(eq(leads.id, lead.id))
  await tx.insert(leadEvents).values({
    leadId: lead.id,
    userId: user.id,
    kind: 'appointment',
    createdAt: now,
    data: {
      action: previous ? 'moved' : 'booked',
      appointmentId: created!.id,
      startsAt: copy.startsAt,
      endsAt: copy.endsAt,
      previous: previous
        ? { startsAt: previous.startsAt.toISOString(), endsAt: previous.endsAt.toISOString() }
        : null,
      status: 'APPOINTMENT',
      previousStatus: lead.status,
      previousSubstatus: lead.substatus,
    },
  })
  const event = {
    kind: 'appointment',
    userId: user.id,
    appointmentId: created!.id,
    sessionKey,
    at: now,
  } as const
  const earned = previous ? null : await recordEvent(tx, event)
  return { ...result, appointmentId: created!.id, changed: true, earned }
}
