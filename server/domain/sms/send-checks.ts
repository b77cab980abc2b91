// The rules an SMS is checked against again when its job sends it (issue #15 "SMS", docs/domain.md
// "SMS", "Checked again at the send"): the send may come much later than the request (a retry, a job
// left queued across a restart), so the opt-out, the allowed countries and the quiet hours are read
// again on the SMS clock (the caps and a number's change are the request's: not checked again).
// A reminder caught by the quiet hours is postponed to their opening, as the reminder job does, unless
// its appointment starts first; one whose appointment was cancelled or moved meanwhile is not sent.
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { appointments, smsMessages } from '../../db/schema.ts'
import { confirmationWindowStart } from './rebooking.ts'
import { nextSmsOpening, parisMoment } from './rules.ts'
import { SMS_SEND_QUEUE, smsRefusal, type SmsRefusal, type SmsRow } from './send.ts'

/** The mail reminder's reason (server/domain/mails/send.ts), for the same case. */
export const APPOINTMENT_GONE_MESSAGE = 'Rendez-vous annulé ou déplacé avant l’envoi : rappel non envoyé.'

export function postponedMessage(until: Date): string {
  return `Rappel reporté au ${parisMoment(until)} : les SMS partent du lundi au vendredi de 8 h à 20 h (heure de Paris), hors jours fériés.`
}

export type SendDecision =
  | { kind: 'send' }
  | { kind: 'stop'; status: SmsRefusal['status'] | 'failed'; error: string }
  | { kind: 'postpone'; until: Date }

/** What the job does with a queued SMS now: send it, stop it (refused, failed) or postpone it. */
export async function decideAtSend(db: Db, row: SmsRow, now: Date): Promise<SendDecision> {
  const [appointment] = row.appointmentId
    ? await db.select().from(appointments).where(eq(appointments.id, row.appointmentId))
    : []
  // A reminder may wait for the hours to open; its appointment may be cancelled or moved meanwhile.
  if (row.kind === 'reminder' && (!appointment || appointment.cancelledAt))
    return { kind: 'stop', status: 'failed', error: APPOINTMENT_GONE_MESSAGE }
  // A confirmation keeps its window (from its booking, not a re-booking: server/domain/sms/rebooking.ts).
  const bookedAt =
    row.kind === 'confirmation' && appointment ? await confirmationWindowStart(db, appointment) : null
  const refusal = await smsRefusal(db, { phone: row.phone, kind: row.kind, bookedAt }, now)
  if (!refusal) return { kind: 'send' }
  if (refusal.status === 'refused-quiet-hours' && row.kind === 'reminder') {
    const opening = nextSmsOpening(now)
    if (opening && opening < appointment!.startsAt) return { kind: 'postpone', until: opening }
  }
  return { kind: 'stop', ...refusal }
}

/**
 * The postponed job's id, the same for every attempt that postpones this SMS to this opening: a job
 * retried after it had already postponed (a crash before pg-boss recorded it done) adds no second job,
 * which would send the reminder twice.
 */
function postponedJobId(row: SmsRow, until: Date): string {
  const hex = createHash('sha256')
    .update(`${SMS_SEND_QUEUE}:${row.id}:${row.createdAt.toISOString()}:${until.toISOString()}`)
    .digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** Keeps the SMS queued, says why in the log, and queues its next attempt at `until`. */
export async function postponeSend(app: FastifyInstance, row: SmsRow, until: Date, now: Date): Promise<void> {
  // The SMS clock may run ahead of the wall clock (SMS_CLOCK outside production); the job engine's
  // clock is the wall clock.
  const startAfter = new Date(Date.now() + until.getTime() - now.getTime())
  await app.database.db.transaction(async (tx) => {
    const [still] = await tx
      .update(smsMessages)
      .set({ error: postponedMessage(until), updatedAt: new Date() })
      .where(and(eq(smsMessages.id, row.id), eq(smsMessages.status, 'queued')))
      .returning({ id: smsMessages.id })
    if (still)
      await app.jobs.send(
        SMS_SEND_QUEUE,
        { id: row.id },
        { tx: tx as unknown as Db, startAfter, id: postponedJobId(row, until) },
      )
  })
}
