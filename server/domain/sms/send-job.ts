// The SMS send job (issue #15 "SMS", docs/domain.md "SMS"): one attempt of a queued SMS. The rules
// checked when the SMS was asked for are checked again first (server/domain/sms/send-checks.ts): the
// send may come much later (a retry 30, 60, 120 s on, a job left queued across a restart, a STOP
// received meanwhile), so a refused SMS is logged refused and not sent, a reminder caught by the quiet
// hours postponed. A send whose outcome is unknown (Aircall's answer timed out: it may have taken the
// SMS) is logged failed at once rather than retried, which could reach the lead twice; an answered
// refusal (4xx, 5xx) is retried. Once the id is stored, statuses Aircall sent before it are applied.
// Issue #30: an attempt is marked before the call and unmarked with its outcome; a process killed in
// between leaves the mark, and the retry logs « Envoi incertain » rather than sending twice.
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { smsMessages, webhookEvents } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { OUTCOME_UNKNOWN } from '../../telephony/provider.ts'
import { replayDelivery } from '../webhooks/replay.ts'
import { decideAtSend, postponeSend } from './send-checks.ts'
import { SMS_SEND_ATTEMPTS, type SmsRow } from './send.ts'

export const OUTCOME_UNKNOWN_MESSAGE =
  'Envoi incertain : délai dépassé ou réponse illisible, le SMS est peut-être parti. Vérifiez dans Aircall avant de renvoyer.'

/** Issue #30: the process died between calling Aircall and recording the answer. */
export const ATTEMPT_INTERRUPTED_MESSAGE =
  'Envoi incertain : le serveur s’est arrêté pendant l’envoi, le SMS est peut-être parti. Vérifiez dans Aircall avant de renvoyer.'

/** The job: one send attempt of a queued SMS, if the rules still let it go. */
export async function runSmsSend(app: FastifyInstance, id: number): Promise<void> {
  const { db } = app.database
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
  if (!row) return
  // An attempt began and never recorded its outcome: Aircall may have taken the SMS (issue #30).
  if (row.attemptStartedAt !== null) {
    await db
      .update(smsMessages)
      .set({ status: 'failed', error: ATTEMPT_INTERRUPTED_MESSAGE, updatedAt: new Date() })
      .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'queued')))
    return
  }
  const now = app.sms.now()
  const decision = await decideAtSend(db, row, now)
  if (decision.kind === 'postpone') return postponeSend(app, row, decision.until, now)
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
    // The mark before the call (issue #30): claimed only if no other attempt holds it.
    const marked = await db
      .update(smsMessages)
      .set({ attemptStartedAt: new Date() })
      .where(
        and(
          eq(smsMessages.id, row.id),
          eq(smsMessages.status, 'queued'),
          isNull(smsMessages.attemptStartedAt),
        ),
      )
      .returning({ id: smsMessages.id })
    if (marked.length === 0) return
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
        attemptStartedAt: null,
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
        attemptStartedAt: null,
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
