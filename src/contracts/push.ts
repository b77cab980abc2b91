// Web push (issue #5 "Push alerts"): the subscription routes and the alert a push carries. The same
// alert shape feeds the service worker's push handler and the page's hidden-tab bridge, so both
// raise the very same notification (src/sw/alert-notification.ts; docs/domain.md "Alerts (push)").
import { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter, safeText } from './safe-text.ts'
import { base64UrlByteLength, type PushSubscriptionBody } from './push-keys.ts'

// The zod-free helpers, for the server's callers of this module.
export {
  base64UrlByteLength,
  base64UrlToBytes,
  subscriptionBody,
  type PushSubscriptionBody,
  type PushSubscriptionJson,
} from './push-keys.ts'

/** Web push payloads must stay well under the 4 KB push services accept (issue #5: < 3 KB). */
export const MAX_PUSH_PAYLOAD_BYTES = 3 * 1024

const base64UrlKey = (bytes: number, message: string) =>
  z.string().refine((value) => base64UrlByteLength(value) === bytes, { error: message })

/** PushSubscription.toJSON() as the browser gives it: an https endpoint and the two keys. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'L’adresse du service de notification doit être en https.' })
    .max(2048)
    .refine((value) => !hasControlCharacter(value), { error: CONTROL_CHARACTERS_MESSAGE }),
  /** Expiry announced by the push service (ms since epoch); informative, may be null. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64UrlKey(65, 'Clé p256dh invalide.'),
    /** The shared authentication secret (16 bytes). */
    auth: base64UrlKey(16, 'Secret auth invalide.'),
  }),
})
// The schema gives exactly the body type push-keys.ts declares (without zod, for the worker).
pushSubscriptionBodySchema satisfies z.ZodType<PushSubscriptionBody>

/**
 * `pushsubscriptionchange` (src/sw/subscription-change.ts): the browser renewed or dropped its
 * subscription, maybe with nobody signed in. The old endpoint, an unguessable URL only this browser
 * and its push service know, names the row to replace; no session is needed (docs/decisions.md).
 */
export const pushSubscriptionChangeBodySchema = z.object({
  oldEndpoint: safeText().min(1).max(2048),
  subscription: pushSubscriptionBodySchema,
})
export type PushSubscriptionChangeBody = z.infer<typeof pushSubscriptionChangeBodySchema>

export const pushUnsubscribeBodySchema = z.object({ endpoint: safeText().min(1).max(2048) })
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
  // Issue #15 (docs/domain.md "Scheduled jobs"): a scheduled job failed several times in a row; to
  // administrators, once per failing streak.
  z.object({
    kind: z.literal('cron'),
    key: z.string().min(1).max(64),
    name: z.string().max(120),
    failures: z.number().int().min(1),
  }),
  // Issue #15 (docs/domain.md "Scheduled jobs", due-recall notices): a recall the agent set falls due;
  // to that agent, once per recall time.
  z.object({
    kind: z.literal('recall'),
    leadUuid: z.string().max(64),
    leadName: z.string().max(201),
    /** The recall time (ISO). */
    recallAt: z.string().max(40),
  }),
])
export type PushAlert = z.infer<typeof pushAlertSchema>
export type CallAlert = Extract<PushAlert, { kind: 'call' }>
export type AwardAlert = Extract<PushAlert, { kind: 'badge' | 'tentacall' }>
export type CronAlert = Extract<PushAlert, { kind: 'cron' }>
export type RecallAlert = Extract<PushAlert, { kind: 'recall' }>

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
