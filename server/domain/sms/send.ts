// Asking for an SMS (issue #15 "SMS", docs/domain.md "SMS"). Every request is logged: refused at once
// when the phone opted out, its country is not allowed, the hour is quiet, or (an SMS a person asks
// for) the guards of server/domain/sms/guards.ts refuse it (the French reason in the log and to the
// caller), else queued with a durable job (SMS_SEND_QUEUE) written in the same transaction; the job
// (server/domain/sms/send-job.ts) checks the rules again, calls the provider and retries a failure
// SMS_SEND_ATTEMPTS times in all before logging it failed.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { SmsKind, SmsTemplateKey } from '../../../src/contracts/sms.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { leadEvents, smsMessages, smsOptOuts } from '../../db/schema.ts'
import {
  countryRefusal,
  lockSmsSender,
  senderRefusal,
  SENT_BY_A_PERSON,
  type GuardRefusal,
} from './guards.ts'
import type { SmsAppointment } from './lead-context.ts'
import { withOrdinalFirst } from '../../../src/contracts/paris-calendar.ts'
import { isQuietTime, QUIET_HOURS_MESSAGE } from './rules.ts'

export const SMS_SEND_QUEUE = 'sms-send'
export const SMS_SEND_ATTEMPTS = 4

export type SmsRow = typeof smsMessages.$inferSelect

const OPT_OUT_DAY = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
})

/** The refusal of an opted-out number, its day as the product writes days (« 1er décembre 2026 »). */
export function optOutMessage(since: Date): string {
  const day = withOrdinalFirst(OPT_OUT_DAY, since)
  return `Ce numéro a demandé à ne plus recevoir de SMS (STOP reçu le ${day}) : aucun SMS ne lui est envoyé.`
}

export type SmsRefusal =
  { status: 'refused-opt-out' | 'refused-quiet-hours'; error: string; retryAt?: undefined } | GuardRefusal

/**
 * Why an SMS may not go to this phone now (opt-out first, then its country, then the quiet hours), or
 * null. Asked when the SMS is requested and again when its job sends it (server/domain/sms/
 * send-checks.ts). `bookedAt` opens a confirmation's window (null for none, or for a re-booking).
 */
export async function smsRefusal(
  db: Db,
  sms: { phone: string; kind: SmsKind; bookedAt: Date | null },
  now: Date,
): Promise<SmsRefusal | null> {
  const [optOut] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, sms.phone))
  if (optOut) return { status: 'refused-opt-out', error: optOutMessage(optOut.createdAt) }
  const country = await countryRefusal(db, sms.phone)
  if (country) return country
  if (isQuietTime(sms.kind, now, sms.bookedAt))
    return { status: 'refused-quiet-hours', error: QUIET_HOURS_MESSAGE }
  return null
}

/** Every rule of a request: the phone's and the hour's, then the sender's when a person asks. */
async function requestRefusal(db: Db, request: SmsRequest, now: Date): Promise<SmsRefusal | null> {
  const bookedAt = request.appointment?.bookedAt ?? null
  const refusal = await smsRefusal(db, { phone: request.phone, kind: request.kind, bookedAt }, now)
  if (refusal || !personRequest(request)) return refusal
  return senderRefusal(db, personRequest(request)!, now)
}

/** The lead and the person a request is counted for, when a person asks for it. */
function personRequest(request: SmsRequest) {
  if (request.sentBy === null || request.leadId === null || !SENT_BY_A_PERSON.includes(request.kind))
    return null
  return { leadId: request.leadId, sentBy: request.sentBy, phone: request.phone }
}

export type SmsRequest = {
  leadId: number | null
  appointment: SmsAppointment | null
  phone: string
  templateKey: SmsTemplateKey
  kind: SmsKind
  body: string
  sentBy: number | null
  numberId: number | null
}

/**
 * Logs the SMS and queues it, or logs it refused with the reason. Answers the row (with `retryAt`
 * when a cap refused it); null when the appointment already had this SMS (the once-per-appointment
 * rule held by a unique index). The row is stamped on the SMS clock `now`, which the caps count on.
 */
export async function requestSms(
  app: FastifyInstance,
  request: SmsRequest,
  now: Date,
  tx?: Db,
): Promise<(SmsRow & { retryAt?: Date }) | null> {
  // In a caller's transaction (a booking's confirmation) the SMS commits with it; the write below is
  // then a savepoint, so a duplicate undoes only this SMS (the locks stay until the caller commits).
  const db = tx ?? app.database.db
  try {
    const { row, refusal } = await db.transaction(async (write) => {
      const person = personRequest(request)
      if (person) await lockSmsSender(write, person.leadId, person.sentBy)
      const refusal = await requestRefusal(write, request, now)
      return { row: await writeSms(app, write, request, refusal, now), refusal }
    })
    // In a caller's transaction the job is not visible yet: the caller wakes the worker after its commit.
    if (!refusal && !tx) app.jobs.wake(SMS_SEND_QUEUE)
    return refusal?.retryAt ? { ...row, retryAt: refusal.retryAt } : row
  } catch (error) {
    if (request.appointment && isUniqueViolation(error)) return null
    throw error
  }
}

/** The log row, the lead's history event and, when it may go, the send job. */
async function writeSms(
  app: FastifyInstance,
  write: Db,
  request: SmsRequest,
  refusal: SmsRefusal | null,
  now: Date,
): Promise<SmsRow> {
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
    createdAt: now,
    updatedAt: now,
  }
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
}
