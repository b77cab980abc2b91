// Web push (issue #5 "Push alerts"): the subscription routes and the alert a push carries. The same
// alert shape feeds the service worker's push handler and the page's hidden-tab bridge, so both
// raise the very same notification (src/sw/alert-notification.ts; docs/domain.md "Alerts (push)").
import { z } from 'zod'

/** Web push payloads must stay well under the 4 KB push services accept (issue #5: < 3 KB). */
export const MAX_PUSH_PAYLOAD_BYTES = 3 * 1024

/** Bytes behind a base64url string (padding tolerated), or -1 when it is not base64url. */
export function base64UrlByteLength(value: string): number {
  const match = /^([A-Za-z0-9_-]*)(={0,2})$/.exec(value)
  if (!match) return -1
  const body = match[1]!.length
  if (body % 4 === 1) return -1
  return Math.floor((body * 3) / 4)
}

const base64UrlKey = (bytes: number, message: string) =>
  z.string().refine((value) => base64UrlByteLength(value) === bytes, { error: message })

/** PushSubscription.toJSON() as the browser gives it: an https endpoint and the two keys. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'L’adresse du service de notification doit être en https.' })
    .max(2048),
  /** Expiry announced by the push service (ms since epoch); informative, may be null. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64UrlKey(65, 'Clé p256dh invalide.'),
    /** The shared authentication secret (16 bytes). */
    auth: base64UrlKey(16, 'Secret auth invalide.'),
  }),
})
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>

export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(2048) })
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>

export const pushPublicKeySchema = z.object({ publicKey: z.string() })
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>

const id = z.number().int().positive().max(2_147_483_647)
const awardFields = {
  /** The user who earned it. */
  userId: id,
  awardId: id,
  code: z.string().min(1).max(64),
  /** The earner's name, shown to the managers and administrators alerted. */
  name: z.string().max(201),
  /** True when the alerted user is the earner. */
  self: z.boolean(),
}

/** What one push carries: the entity the notification is about, never more than it shows. */
export const pushAlertSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('call'),
    callId: id,
    /** The caller's number as the call records it (E.164 when known), null when none. */
    phone: z.string().max(32).nullable(),
    leadUuid: z.string().max(64).nullable(),
    leadName: z.string().max(201).nullable(),
  }),
  z.object({ kind: z.literal('badge'), ...awardFields }),
  z.object({ kind: z.literal('tentacall'), ...awardFields, count: z.number().int().min(0) }),
])
export type PushAlert = z.infer<typeof pushAlertSchema>
export type CallAlert = Extract<PushAlert, { kind: 'call' }>
export type AwardAlert = Extract<PushAlert, { kind: 'badge' | 'tentacall' }>

export const AWARD_KINDS = ['badge', 'tentacall'] as const
export type AwardKind = (typeof AWARD_KINDS)[number]

/** Dev endpoint (non-production): award a badge or a tentacall, to test alerts end to end. */
export const devAwardBodySchema = z.object({
  userId: id,
  kind: z.enum(AWARD_KINDS),
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, { error: 'Code : lettres, chiffres, tirets et soulignés seulement.' }),
})
export type DevAwardBody = z.infer<typeof devAwardBodySchema>
export const devAwardResponseSchema = z.object({ awardId: id, recipients: z.array(id) })
