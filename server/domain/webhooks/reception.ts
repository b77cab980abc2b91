// A telephony webhook's admission (issue #4 "Telephony", issue #17): Aircall signs nothing, so the
// body's `token` is the only proof of origin, compared in constant time with AIRCALL_WEBHOOK_TOKEN or
// matched against the stored tokens of webhooks created from the status page (./repair.ts). A
// delivery with a wrong token keeps only its metadata (event, size, address, time) and is throttled
// per address: nobody fills the table from one address.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { TelephonyProviderName } from '../../../src/contracts/call.ts'
import type { Db } from '../../db/client.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { isLimited, recordHit, type Limit } from '../../lib/rate-limit.ts'
import { recordRejected } from './rejected.ts'
import { isStoredWebhookToken } from './repair.ts'

/** Wrong-token deliveries one address may make before being answered 429 without a record. */
export const REJECTED_WEBHOOKS_PER_ADDRESS = 20
const REJECTED_WINDOW_MS = 15 * 60 * 1000

function sameSecret(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

export type Delivery = {
  provider: TelephonyProviderName
  body: { token?: string | undefined; event: string }
  /** The request's Content-Length header, when it said one. */
  declaredLength: string | undefined
  address: string
}

/** Admits a delivery whose token is right; otherwise records it (within the limit) and refuses 401. */
export async function admitDelivery(db: Db, configuredToken: string | undefined, delivery: Delivery) {
  const { body, address } = delivery
  if (sameSecret(body.token, configuredToken) || (await isStoredWebhookToken(db, body.token))) return
  const limit: Limit = {
    bucket: `webhook:rejected:${addressBucketOf(address)}`,
    max: REJECTED_WEBHOOKS_PER_ADDRESS,
    windowMs: REJECTED_WINDOW_MS,
  }
  if (await isLimited(db, [limit])) throw errors.tooManyAttempts()
  await recordHit(db, [limit])
  const declared = Number(delivery.declaredLength)
  const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(body))
  await recordRejected(db, delivery.provider, { event: body.event, size, address })
  throw new HttpError(401, 'INVALID_WEBHOOK_TOKEN', 'Jeton de webhook invalide.')
}
