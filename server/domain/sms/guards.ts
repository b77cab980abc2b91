// Guards against SMS pumping and harassment (issue #26 point 2, docs/domain.md "SMS", "Guards"):
// an SMS goes only to a country the configuration allows; and an SMS a person asks for (from the
// lead sheet, or a booking's confirmation) is refused to a number that person changed less than an
// hour before, and beyond the configured caps per lead (24 hours) and per sender (one hour). The caps
// count the send log (sms_messages, stamped on the SMS clock), so they hold across processes; a
// request counts and writes under two transaction-scoped advisory locks (the lead's, then the
// sender's), so two requests at once cannot both slip under a cap.
import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { SmsKind } from '../../../src/contracts/sms.ts'
import type { Db } from '../../db/client.ts'
import { leadEvents, smsMessages } from '../../db/schema.ts'
import { readSetting } from '../configuration/settings.ts'
import { parisMoment } from './rules.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const LEAD_WINDOW_MS = 24 * HOUR
export const SENDER_WINDOW_MS = HOUR
/** A number its sender changed this recently takes no SMS from that sender. */
export const NUMBER_CHANGE_WINDOW_MS = HOUR

/** First arguments of pg_advisory_xact_lock(int, int): one space for leads, one for senders. */
const LEAD_LOCK_SPACE = 727_277
const SENDER_LOCK_SPACE = 727_278

/** The SMS a person asks for: counted by the caps, checked against their own number changes. */
export const SENT_BY_A_PERSON: readonly SmsKind[] = ['manual', 'confirmation']
/** What may have reached the phone: refused SMS are not counted. */
const COUNTED_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const

export type GuardRefusal = {
  status: 'refused-limit' | 'refused-country' | 'refused-number-changed'
  error: string
  /** When the cap lets the next one go (a `refused-limit`). */
  retryAt?: Date
}

/** The instant said to the caller, rounded up to the minute: never earlier than the truth. */
function sayWhen(at: Date): string {
  return parisMoment(new Date(Math.ceil(at.getTime() / MINUTE) * MINUTE))
}

const REGION_NAMES = new Intl.DisplayNames(['fr'], { type: 'region' })

/** Why the phone's country takes no SMS, or null when it is allowed (libphonenumber's metadata). */
export async function countryRefusal(db: Db, phone: string): Promise<GuardRefusal | null> {
  const allowed = await readSetting(db, 'smsCountries')
  const country = parsePhoneNumberFromString(phone)?.country
  if (country && allowed.includes(country)) return null
  const error = country
    ? `Pas de SMS vers ce numéro : son pays (${REGION_NAMES.of(country) ?? country}) ne fait pas partie des pays autorisés par la configuration.`
    : 'Pas de SMS vers ce numéro : son pays n’a pas pu être reconnu.'
  return { status: 'refused-country', error }
}

/** Serialises the requests of one lead, then of one sender, until the transaction ends. */
export async function lockSmsSender(tx: Db, leadId: number, sentBy: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEAD_LOCK_SPACE}, ${leadId})`)
  await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK_SPACE}, ${sentBy})`)
}

export type SenderRequest = { leadId: number; sentBy: number; phone: string }

/**
 * Why the sender may not send this SMS now (a number they just changed, a cap reached), or null.
 * The number change is read from the lead's history (`update` events, stamped by the database, so
 * measured on the database's clock); the caps from the send log, on the SMS clock `now`.
 */
export async function senderRefusal(db: Db, request: SenderRequest, now: Date): Promise<GuardRefusal | null> {
  const [change] = await db
    .select({ at: leadEvents.createdAt })
    .from(leadEvents)
    .where(
      and(
        eq(leadEvents.leadId, request.leadId),
        eq(leadEvents.userId, request.sentBy),
        eq(leadEvents.kind, 'update'),
        sql`${leadEvents.data}->'changes'->'phone'->>'after' = ${request.phone}`,
        sql`${leadEvents.createdAt} > now() - make_interval(secs => ${NUMBER_CHANGE_WINDOW_MS / 1000})`,
      ),
    )
    .orderBy(desc(leadEvents.createdAt))
    .limit(1)
  if (change) {
    const until = sayWhen(new Date(change.at.getTime() + NUMBER_CHANGE_WINDOW_MS))
    return {
      status: 'refused-number-changed',
      error: `Vous avez modifié le numéro de ce lead il y a moins d’une heure : pas de SMS de votre part vers ce numéro avant le ${until}.`,
    }
  }
  const limits = await readSetting(db, 'smsLimits')
  const lead = await capReachedAt(
    db,
    eq(smsMessages.leadId, request.leadId),
    limits.perLeadPerDay,
    LEAD_WINDOW_MS,
    now,
  )
  if (lead)
    return {
      status: 'refused-limit',
      retryAt: lead,
      error: `Ce lead a déjà reçu ${limits.perLeadPerDay} SMS en 24 heures : prochain envoi possible le ${sayWhen(lead)}.`,
    }
  const sender = await capReachedAt(
    db,
    eq(smsMessages.sentBy, request.sentBy),
    limits.perAgentPerHour,
    SENDER_WINDOW_MS,
    now,
  )
  if (sender)
    return {
      status: 'refused-limit',
      retryAt: sender,
      error: `Vous avez déjà envoyé ${limits.perAgentPerHour} SMS en une heure : prochain envoi possible le ${sayWhen(sender)}.`,
    }
  return null
}

/** When the cap lets one more go, or null when it does now: the max-th newest leaves the window. */
async function capReachedAt(db: Db, whose: SQL, max: number, windowMs: number, now: Date) {
  const rows = await db
    .select({ at: smsMessages.createdAt })
    .from(smsMessages)
    .where(
      and(
        whose,
        inArray(smsMessages.kind, [...SENT_BY_A_PERSON]),
        inArray(smsMessages.status, [...COUNTED_STATUSES]),
        gt(smsMessages.createdAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .orderBy(desc(smsMessages.createdAt))
    .limit(max)
  const oldest = rows.length >= max ? rows[max - 1] : undefined
  return oldest ? new Date(oldest.at.getTime() + windowMs) : null
}
