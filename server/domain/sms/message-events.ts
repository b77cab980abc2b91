// Aircall's message.* webhooks (issue #15 "SMS", docs/domain.md "SMS"), from Aircall or the
// simulator, through the same reception and record as call events (server/telephony/
// webhook-processing.ts): message.sent and message.status_updated move a logged SMS forward
// (queued → sent → delivered, or failed), message.received records an opt-out when it says STOP.
// Delivery is at least once and unordered: a status only ever moves forward. Aircall may tell a
// message's status before our send job has stored the message's id (it names it in the answer the job
// is still waiting for): such a delivery is kept as an error, which the job replays once it has stored
// the id (server/domain/sms/send-job.ts) and an administrator can replay from the webhook status page.
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import {
  AIRCALL_MESSAGE_EVENTS,
  type AircallWebhookBody,
  type TelephonyProviderName,
} from '../../../src/contracts/call.ts'
import { toE164 } from '../../../src/contracts/phone.ts'
import { isOptOutMessage, type SmsStatus } from '../../../src/contracts/sms.ts'
import type { Db } from '../../db/client.ts'
import { smsMessages, smsOptOuts } from '../../db/schema.ts'

const messageSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.string().nullish(),
  body: z.string().nullish(),
  direction: z.string().nullish(),
  external_number: z.string().nullish(),
  raw_digits: z.string().nullish(),
})

/** Aircall's message statuses → the log's; anything else (pending, received…) changes nothing. */
function statusOf(event: string, status: string | null | undefined): SmsStatus | null {
  if (status === 'delivered') return 'delivered'
  if (status === 'failed' || status === 'undelivered' || status === 'rejected') return 'failed'
  if (status === 'sent' || event === 'message.sent') return 'sent'
  return null
}

/** The statuses a row may move from to `next` (forward only; delivered and failed are final). */
const FROM: Record<'sent' | 'delivered' | 'failed', SmsStatus[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  failed: ['queued', 'sent'],
}

/** Why a status of an SMS still being sent is kept as an error (the webhook status page shows it). */
export const MESSAGE_NOT_YET_LOGGED =
  'Statut d’un SMS en cours d’envoi, dont l’identifiant Aircall n’est pas encore enregistré : rejoué dès que l’envoi l’enregistre ; sinon, rejouez-le.'

export function isMessageEvent(event: string): boolean {
  return (AIRCALL_MESSAGE_EVENTS as readonly string[]).includes(event)
}

/** What tells deliveries apart beside the id and time: a message's status updates share its id. */
export function dedupeEventOf(body: AircallWebhookBody): string {
  if (!isMessageEvent(body.event)) return body.event
  const status = (body.data as { status?: unknown } | null | undefined)?.status
  return typeof status === 'string' ? `${body.event}:${status}` : body.event
}

export async function processMessageEvent(
  db: Db,
  provider: TelephonyProviderName,
  body: AircallWebhookBody,
): Promise<'processed' | 'ignored'> {
  const parsed = messageSchema.safeParse(body.data)
  if (!parsed.success)
    throw new Error(`Données de message illisibles : ${parsed.error.issues[0]?.message ?? ''}`)
  const message = parsed.data
  if (body.event === 'message.received') {
    const phone = toE164(message.external_number ?? message.raw_digits)
    if (!phone || !isOptOutMessage(message.body ?? '')) return 'ignored'
    const inserted = await db
      .insert(smsOptOuts)
      .values({ phone, message: (message.body ?? '').slice(0, 160) })
      .onConflictDoNothing()
      .returning({ phone: smsOptOuts.phone })
    return inserted.length ? 'processed' : 'ignored'
  }
  const next = statusOf(body.event, message.status)
  if (!next || next === 'queued' || next.startsWith('refused')) return 'ignored'
  // Read before the update: a send storing the id in between is then seen by one query or the other.
  const sending = message.direction !== 'inbound' && (await isBeingSent(db, provider, message))
  const updated = await db
    .update(smsMessages)
    .set({
      status: next,
      updatedAt: new Date(),
      ...(next === 'failed' ? { error: 'Le SMS n’a pas pu être remis au destinataire.' } : {}),
    })
    .where(
      and(
        eq(smsMessages.provider, provider),
        eq(smsMessages.providerMessageId, message.id),
        inArray(smsMessages.status, FROM[next as keyof typeof FROM]),
      ),
    )
    .returning({ id: smsMessages.id })
  if (updated.length) return 'processed'
  if (!sending) return 'ignored'
  const [logged] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(eq(smsMessages.provider, provider), eq(smsMessages.providerMessageId, message.id)))
  // A late or repeated status of a logged SMS changes nothing; one of an SMS not named yet must wait.
  if (logged) return 'ignored'
  throw new Error(MESSAGE_NOT_YET_LOGGED)
}

/**
 * Whether an SMS of ours to this message's recipient may be the one: queued, its id not stored yet.
 * Without a readable recipient, any such SMS. Messages sent from Aircall's own apps match none.
 */
async function isBeingSent(
  db: Db,
  provider: TelephonyProviderName,
  message: z.infer<typeof messageSchema>,
): Promise<boolean> {
  const phone = toE164(message.external_number ?? message.raw_digits)
  const conditions: SQL[] = [
    eq(smsMessages.provider, provider),
    eq(smsMessages.status, 'queued'),
    isNull(smsMessages.providerMessageId),
  ]
  if (phone) conditions.push(eq(smsMessages.phone, phone))
  const [row] = await db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(and(...conditions))
    .limit(1)
  return row !== undefined
}
