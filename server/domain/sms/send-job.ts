// The SMS send job (issue #15 "SMS", docs/domain.md "SMS"): one attempt of a queued SMS. The rules
// checked when the SMS was asked for are checked again here, on the SMS clock, because the send may
// come much later: a retry (30, 60, 120 s), a job left queued across a restart, a STOP received
// meanwhile. A refused SMS is logged refused and not sent; a reminder caught by the quiet hours is
// postponed to their end, as the reminder job does, unless its appointment starts first. A send whose
// outcome is unknown (Aircall's answer timed out: it may have taken the SMS) is logged failed at once
// rather than retried, which could reach the lead twice; an answered refusal (4xx, 5xx) is retried.
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { appointments, smsMessages, webhookEvents } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { OUTCOME_UNKNOWN } from '../../telephony/provider.ts'
import { replayDelivery } from '../../telephony/webhook-replay.ts'
import { nextSmsOpening } from './rules.ts'
import { SMS_SEND_ATTEMPTS, SMS_SEND_QUEUE, smsRefusal, type SmsRefusal, type SmsRow } from './send.ts'

/** The mail reminder's reason (server/domain/mails/send.ts), for the same case. */
export const APPOINTMENT_GONE_MESSAGE = 'Rendez-vous annulé ou déplacé avant l’envoi : rappel non envoyé.'

const PARIS_OPENING = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
})

export const OUTCOME_UNKNOWN_MESSAGE =
  'Envoi incertain : délai dépassé ou réponse illisible, le SMS est peut-être parti. Vérifiez dans Aircall avant de renvoyer.'

export function postponedMessage(until: Date): string {
  return `Rappel reporté au ${PARIS_OPENING.format(until)} : les SMS partent du lundi au vendredi de 8 h à 20 h (heure de Paris), hors jours fériés.`
}

type Decision =
  | { kind: 'send' }
  | { kind: 'stop'; status: SmsRefusal['status'] | 'failed'; error: string }
  | { kind: 'postpone'; until: Date }

async function decide(db: Db, row: SmsRow, now: Date): Promise<Decision> {
  const [appointment] = row.appointmentId
    ? await db.select().from(appointments).where(eq(appointments.id, row.appointmentId))
    : []
  // A reminder may wait for the hours to open; its appointment may be cancelled or moved meanwhile.
  if (row.kind === 'reminder' && (!appointment || appointment.cancelledAt))
    return { kind: 'stop', status: 'failed', error: APPOINTMENT_GONE_MESSAGE }
  const refusal = await smsRefusal(
    db,
    { phone: row.phone, kind: row.kind, bookedAt: appointment?.createdAt ?? null },
    now,
  )
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

async function postpone(app: FastifyInstance, row: SmsRow, until: Date, now: Date): Promise<void> {
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

/** The job: one send attempt of a queued SMS, if the rules still let it go. */
export async function runSmsSend(app: FastifyInstance, id: number): Promise<void> {
  const { db } = app.database
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
  if (!row) return
  const now = app.sms.now()
  const decision = await decide(db, row, now)
  if (decision.kind === 'postpone') return postpone(app, row, decision.until, now)
  if (decision.kind === 'stop') {
    await db
      .update(smsMessages)
      .set({ status: decision.status, error: decision.error, updatedAt: new Date() })
      .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
    return
  }
  await attempt(app, row)
}

async function attempt(app: FastifyInstance, row: SmsRow): Promise<void> {
  const { db } = app.database
  const attempts = row.attempts + 1
  try {
    const numberId = Number(row.numberId ?? (await defaultNumberId(app)))
    if (!Number.isInteger(numberId) || numberId <= 0)
      throw new Error('Aucun numéro Aircall pour envoyer les SMS (AIRCALL_SMS_NUMBER_ID).')
    const { providerMessageId } = await app.telephony.provider.sendSms({
      numberId,
      to: row.phone,
      body: row.body,
    })
    await db
      .update(smsMessages)
      .set({
        status: 'sent',
        providerMessageId,
        numberId: String(numberId),
        attempts,
        error: null,
        updatedAt: new Date(),
      })
      .where(and(eq(smsMessages.id, row.id), eq(smsMessages.status, 'queued')))
    app.telephony.provider.smsRecorded?.(providerMessageId)
    await replayEarlyStatuses(app, providerMessageId)
  } catch (caught) {
    const unknown = caught instanceof HttpError && caught.code === OUTCOME_UNKNOWN
    const message = unknown
      ? OUTCOME_UNKNOWN_MESSAGE
      : (caught instanceof Error ? caught.message : String(caught)).slice(0, 500)
    const last = unknown || attempts >= SMS_SEND_ATTEMPTS
    await db
      .update(smsMessages)
      .set({
        attempts,
        error: message,
        updatedAt: new Date(),
        ...(last ? { status: 'failed' as const } : {}),
      })
      .where(eq(smsMessages.id, row.id))
    // The job engine retries (with backoff) until the last attempt, which is logged failed instead;
    // an unknown outcome is left for a person to check (docs/domain.md "SMS").
    if (!last) throw caught
  }
}

/**
 * The message's status deliveries that came before its id was stored (kept as errors by
 * server/domain/sms/message-events.ts), applied now. Never fails the send: what is left stays
 * replayable from the webhook status page.
 */
async function replayEarlyStatuses(app: FastifyInstance, providerMessageId: string): Promise<void> {
  try {
    const early = await app.database.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.provider, app.telephony.provider.name),
          eq(webhookEvents.providerCallId, providerMessageId),
          eq(webhookEvents.outcome, 'error'),
        ),
      )
      .orderBy(webhookEvents.id)
    for (const { id } of early) await replayDelivery(app.telephony.context, id)
  } catch (error) {
    app.log.error({ err: error, providerMessageId }, 'sms: replaying early status deliveries failed')
  }
}

async function defaultNumberId(app: FastifyInstance): Promise<number | undefined> {
  if (app.config.sms.numberId) return app.config.sms.numberId
  const [first] = await app.telephony.provider.listNumbers()
  return first?.id
}
