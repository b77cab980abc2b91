// Calls and telephony (issue #4 "Telephony", spec §3 "Call", §7 call routes). The Aircall shapes
// follow its Public API and webhooks: timestamps are UNIX seconds, phone numbers from Aircall carry
// spaces, `user` may be null or {} on early inbound events.
import { z } from 'zod'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacterDeep, safeText } from './safe-text.ts'

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const
export type CallDirection = (typeof CALL_DIRECTIONS)[number]

/** Our call states (docs/domain.md "Calls"); `ended` and `missed` are terminal. */
export const CALL_STATUSES = ['initial', 'ringing', 'answered', 'voicemail', 'ended', 'missed'] as const
export type CallStatus = (typeof CALL_STATUSES)[number]

/** The status of the current call when the user has none. */
export const NO_CALL_STATUS = 'done'

export const TELEPHONY_PROVIDERS = ['simulator', 'aircall'] as const
export type TelephonyProviderName = (typeof TELEPHONY_PROVIDERS)[number]

/** The call.* events we act on; other events are recorded and ignored. */
export const AIRCALL_CALL_EVENTS = [
  'call.created',
  'call.ringing_on_agent',
  'call.answered',
  'call.hungup',
  'call.voicemail_left',
  'call.ended',
] as const
export type AircallCallEvent = (typeof AIRCALL_CALL_EVENTS)[number]

/** The message.* events of the SMS send log and opt-outs (docs/domain.md "SMS"). */
export const AIRCALL_MESSAGE_EVENTS = ['message.sent', 'message.received', 'message.status_updated'] as const

/** Every event the product's webhook must receive (the repair creates or completes it with these). */
export const AIRCALL_PRODUCT_EVENTS = [...AIRCALL_CALL_EVENTS, ...AIRCALL_MESSAGE_EVENTS] as const

const unixSeconds = z.number().int().nonnegative()
const aircallId = z.number().int().positive()

/** The subset of Aircall's call object we read (§5 "Call object"); other fields pass through. */
export const aircallCallSchema = z.looseObject({
  id: aircallId,
  direction: z.enum(CALL_DIRECTIONS),
  status: z.string(),
  started_at: unixSeconds.nullish(),
  answered_at: unixSeconds.nullish(),
  ended_at: unixSeconds.nullish(),
  duration: z.number().int().nonnegative().nullish(),
  raw_digits: z.string().nullish(),
  missed_call_reason: z.string().nullish(),
  // null, {} (early inbound events) or the agent.
  user: z.looseObject({ id: aircallId.optional(), email: z.string().optional() }).nullish(),
  number: z.looseObject({ id: aircallId, digits: z.string().optional() }).nullish(),
})
export type AircallCall = z.infer<typeof aircallCallSchema>

/**
 * The webhook envelope as received: any event is accepted (200) so that Aircall never disables
 * the webhook for an event we do not use; `data` is parsed per event during processing.
 */
export const aircallWebhookBodySchema = z
  .looseObject({
    resource: z.string().optional(),
    event: safeText().max(100),
    timestamp: unixSeconds,
    token: safeText().max(500).optional(),
    data: z.unknown(),
  })
  // Stored as jsonb, where a NUL byte is an error (issue #17): refused at the door instead.
  .refine((body) => !hasControlCharacterDeep(body), { error: CONTROL_CHARACTERS_MESSAGE })
export type AircallWebhookBody = z.infer<typeof aircallWebhookBodySchema>

/** A call.* envelope once its data is parsed. */
export const aircallCallEnvelopeSchema = z.object({
  resource: z.string().optional(),
  event: z.string(),
  timestamp: unixSeconds,
  token: z.string().optional(),
  data: aircallCallSchema,
})
export type AircallCallEnvelope = z.infer<typeof aircallCallEnvelopeSchema>

/** An Aircall number (§3), as listed by GET /v1/numbers. */
export const aircallNumberSchema = z.looseObject({
  id: aircallId,
  name: z.string().nullish(),
  digits: z.string(),
  country: z.string().nullish(),
})
export type AircallNumber = z.infer<typeof aircallNumberSchema>

/** An Aircall user (§4), as listed by GET /v1/users. */
export const aircallUserSchema = z.looseObject({
  id: aircallId,
  email: z.string(),
  name: z.string().nullish(),
})
export type AircallUser = z.infer<typeof aircallUserSchema>

/** A webhook registered on the Aircall account (GET /v1/webhooks; issue #15). */
export const aircallWebhookSchema = z.looseObject({
  webhook_id: z.union([z.string(), z.number()]).transform(String),
  url: z.string(),
  active: z.boolean().nullish(),
  events: z.array(z.string()).nullish(),
  custom_name: z.string().nullish(),
})
export type AircallWebhook = z.infer<typeof aircallWebhookSchema>

/** GET /api/call/aircall-numbers. */
export const callNumberSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  digits: z.string(),
})
export const callNumberListSchema = z.array(callNumberSchema)
export type CallNumber = z.infer<typeof callNumberSchema>

/** GET /api/call/ongoing: the user's current call; status `done` and ids null when none. */
export const currentCallSchema = z.object({
  callId: z.number().int().nullable(),
  /** One of CALL_STATUSES, or NO_CALL_STATUS. */
  status: z.string(),
  direction: z.enum(CALL_DIRECTIONS).nullable(),
  phoneNumber: z.string().nullable(),
  /** Seconds since the call started (ringing included), 0 when none. */
  duration: z.number().int().nonnegative(),
  leadId: z.number().int().nullable(),
  detectedLeadId: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
})
export type CurrentCall = z.infer<typeof currentCallSchema>

/** The current call when the user has none: status `done`, ids and times null, duration 0. */
export const NO_CURRENT_CALL: Readonly<CurrentCall> = Object.freeze({
  callId: null,
  status: NO_CALL_STATUS,
  direction: null,
  phoneNumber: null,
  duration: 0,
  leadId: null,
  detectedLeadId: null,
  startedAt: null,
  answeredAt: null,
})

const idValue = z.coerce.number().int().positive().max(2_147_483_647)

/** Which of the lead's phones to dial: the server reads the number from the lead, never from the client. */
export const LEAD_PHONES = ['primary', 'secondary'] as const
export type LeadPhone = (typeof LEAD_PHONES)[number]

export const startOutboundBodySchema = z.object({
  leadId: idValue,
  /** The Aircall number to call from; the first number of the account when absent. */
  numberId: idValue.optional(),
  /** The lead's phone to dial (`phone` or `secondaryPhone`); the first one when absent. */
  phone: z.enum(LEAD_PHONES).optional(),
})
export type StartOutboundBody = z.infer<typeof startOutboundBodySchema>

export const inboundAnswerBodySchema = z.object({
  bypassProcessingLeadCheck: z.boolean().default(false),
  bypassUntaggedLeadCheck: z.boolean().default(false),
})
export type InboundAnswerBody = z.infer<typeof inboundAnswerBodySchema>

/** The inbound call the user refuses (issue #11): their own ringing call, not yet answered. */
export const inboundDeclineBodySchema = z.object({ callId: idValue })
export type InboundDeclineBody = z.infer<typeof inboundDeclineBodySchema>

export const forceEndBodySchema = z.object({ callId: idValue })
export type ForceEndBody = z.infer<typeof forceEndBodySchema>

export const callLinkLeadParamsSchema = z.object({ callId: idValue, leadId: idValue })

export const linkAircallBodySchema = z.object({ aircallId: idValue.optional() }).default({})
export type LinkAircallBody = z.infer<typeof linkAircallBodySchema>

/** Dev endpoints driving the simulator (non-production). */
export const devInboundBodySchema = z.object({
  userId: idValue,
  fromNumber: safeText().min(3).max(40),
})
export const DEV_CALL_ACTIONS = ['answer', 'hangup', 'miss'] as const
export type DevCallAction = (typeof DEV_CALL_ACTIONS)[number]
export const devCallActionParamsSchema = z.object({ callId: idValue, action: z.enum(DEV_CALL_ACTIONS) })

/** Answers of the call routes that move the user to a page. */
export const callRedirectSchema = z.object({
  ok: z.literal(true),
  callId: z.number().int().nullable(),
  redirect: z.string().optional(),
})
