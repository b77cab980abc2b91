// Lead vocabulary shared by client and server (spec §3, §4; rules in docs/domain.md).
import { z } from 'zod'
import { safeRecord, safeText } from './safe-text.ts'

// The vocabulary lives in a zod-free module so the back office's zod/mini forms read it without full zod.
export { LEAD_STATUSES, LEAD_SUBSTATUSES, type LeadStatus, type LeadSubstatus } from './lead-statuses.ts'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from './lead-statuses.ts'

/** Spec §9: default lead processing duration, initial value of the configuration. */
export const DEFAULT_LEAD_PROCESSING_DURATION_DAYS = 60

// ---- API shapes (issue #4; routes in server/routes/leads) ----

const id = z.number().int()

/** POST find-lead-to-process and search/pick: a redirect to the lead, or a message when none. */
export const findLeadResponseSchema = z.object({
  redirect: z.string().optional(),
  message: z.string().optional(),
})
export type FindLeadResponse = z.infer<typeof findLeadResponseSchema>

export const callProcessTagSchema = z.object({
  id,
  label: z.string(),
  nextStep: id.nullable(),
  /** Null: the lead keeps its status and substatus. */
  status: z.enum(LEAD_STATUSES).nullable(),
  substatus: z.enum(LEAD_SUBSTATUSES).nullable(),
  recallDelayMinutes: id.nullable(),
  endsProcessing: z.boolean(),
  requiresAppointment: z.boolean(),
  /** The agent chooses the recall date and time (issue #11); the delay proposes the default. */
  asksRecallDate: z.boolean(),
  /** « Sans appel » (issue #29): the only outcomes recorded without a call of the agent on the lead. */
  withoutCall: z.boolean(),
  experiencePoints: id,
})
export type CallProcessTag = z.infer<typeof callProcessTagSchema>

export const callProcessStepSchema = z.object({
  id,
  number: id,
  title: z.string(),
  script: z.string(),
  callProcessTags: z.array(callProcessTagSchema),
})
export type CallProcessStep = z.infer<typeof callProcessStepSchema>

export const missionSchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  bannerUrl: z.string(),
  leadProcessingDurationDays: id,
  /** Issue #29: the next lead is called by itself after this preview (null: the agent presses « Appeler »). */
  autoCallDelaySeconds: id.nullable().optional(),
  callProcess: z
    .object({ id, name: z.string(), callProcessSteps: z.array(callProcessStepSchema) })
    .nullable(),
})
export type Mission = z.infer<typeof missionSchema>

export const userRefSchema = z.object({ id, firstName: z.string(), lastName: z.string() })
export type UserRef = z.infer<typeof userRefSchema>

/** Spec §3 "Lead (processing lead)" plus contact fields; dates as ISO strings. */
export const leadSchema = z.object({
  id,
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  secondaryPhone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  step: id,
  integrationMonth: z.string(),
  meetRequestDate: z.string(),
  status: z.enum(LEAD_STATUSES),
  substatus: z.enum(LEAD_SUBSTATUSES).nullable(),
  comment: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  recallAt: z.string().nullable(),
  processingSince: z.string().nullable(),
  market: z.object({ id, name: z.string(), mission: missionSchema }),
  processingUser: userRefSchema.nullable(),
  expirationDate: z.string(),
  isExpired: z.boolean(),
  maxStep: id,
  /** Last change of the lead row: sent back with an edit, it detects a change made meanwhile. */
  updatedAt: z.string(),
  /** Users with this sheet open and a live session, the reader included (docs/domain.md "Leads"). */
  viewers: z.array(userRefSchema),
  /**
   * The reader's own call on this lead that still needs its outcome (ongoing, or ended and not
   * tagged): the reader may record the outcome on it even without processing the lead (an inbound
   * call answered on a lead they do not hold). Null when none.
   */
  myCallId: z.number().int().nullable(),
  /**
   * Whether the reader may record the outcome now (server/domain/leads/holding.ts, the tagging rule):
   * they process the lead, or nobody does and `myCallId` is theirs to tag. The sheet's outcome form
   * opens on it.
   */
  canRecordOutcome: z.boolean(),
  /**
   * Issue #12: the mission's calling rules for this lead now: why it may not be called (null: it
   * may) and when it next may (null: now, or not within 14 days).
   */
  calling: z.object({
    refusal: z.enum(['OUTSIDE_CALLING_HOURS', 'QUIET_PERIOD', 'CALL_ATTEMPTS_CAP']).nullable(),
    nextCallAt: z.string().nullable(),
  }),
})
export type Lead = z.infer<typeof leadSchema>

/** `GET /api/lead/{id}`: the lead's uuid or its numeric id. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const leadRefSchema = z.union([
  z
    .string()
    .regex(UUID_PATTERN)
    .transform((value) => value.toLowerCase()),
  z.coerce.number().int().positive().max(2_147_483_647),
])
export const leadParamsSchema = z.object({ id: leadRefSchema })
export const leadQuerySchema = z.object({ id: leadRefSchema })

// 'sms' (issue #15): an SMS sent, or refused, to the lead (docs/domain.md "SMS").
export const LEAD_EVENT_KINDS = [
  'tag',
  'call',
  'comment',
  'appointment',
  'assignment',
  'update',
  'sms',
] as const
/**
 * The call a history entry belongs to (an outcome's call, issue #11): its direction, whether it
 * was answered, missed or is still going on, and how long the conversation lasted (from the
 * answer to the end; null unless answered and ended).
 */
export const leadEventCallSchema = z.object({
  id,
  direction: z.enum(['inbound', 'outbound']),
  outcome: z.enum(['answered', 'missed', 'ongoing']),
  startedAt: z.string(),
  durationSeconds: z.number().int().nonnegative().nullable(),
})
export type LeadEventCall = z.infer<typeof leadEventCallSchema>

export const leadEventSchema = z.object({
  id,
  kind: z.enum(LEAD_EVENT_KINDS),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  user: userRefSchema.nullable(),
  /** The call of an outcome (or of its correction), null when none. */
  call: leadEventCallSchema.nullable(),
})
export type LeadEvent = z.infer<typeof leadEventSchema>

/** Longest lead comment accepted (docs/domain.md "Leads"). */
export const MAX_COMMENT_LENGTH = 5000
export const leadCommentBodySchema = z.object({
  comment: safeText({ multiline: true })
    .trim()
    .max(MAX_COMMENT_LENGTH, { error: 'Le commentaire est trop long (5 000 caractères au plus).' }),
})
/** Longest reason for handing a lead back (issue #11). */
export const MAX_RELEASE_REASON_LENGTH = 500
/** `POST /api/lead/{id}/release`: the holder's reason, a short required line. */
export const leadReleaseBodySchema = z.object({
  reason: safeText()
    .trim()
    .min(1, { error: 'Indiquez pourquoi vous rendez ce lead.' })
    .max(MAX_RELEASE_REASON_LENGTH, { error: 'Le motif est trop long (500 caractères au plus).' }),
})
export type LeadReleaseBody = z.infer<typeof leadReleaseBodySchema>
export const leadIdParamSchema = z.object({ leadId: z.coerce.number().int().positive().max(2_147_483_647) })

export const viewLeadPageBodySchema = z.object({ leadId: z.number().int().positive().max(2_147_483_647) })
/** Without `leadId`, whatever sheet the user views; with it, only if it is still that one. */
export const quitLeadPageBodySchema = z
  .object({ leadId: z.number().int().positive().max(2_147_483_647).optional() })
  .nullish()
export const viewingLeadSchema = z.object({
  viewingLeadId: id.nullable(),
  lead: z.object({ id, uuid: z.string() }).nullable(),
})

export const SEARCH_DEFAULT_LIMIT = 20
export const SEARCH_MAX_LIMIT = 100
export const leadSearchParamsSchema = z.object({
  search: safeText().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export const leadSearchQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  missionId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})
/**
 * Why the reader may not pick a search result (server/domain/leads/pick-rule.ts, the rule of pick),
 * the first that applies in this order: not a call-capable user; the lead's own state; then the
 * reader's blocking cause (docs/domain.md "Leads", Blocking causes).
 */
export const PICK_REFUSALS = [
  'NOT_CALL_CAPABLE',
  'HELD_BY_YOU',
  'HELD',
  'CLOSED',
  'WAITING_FOR_FORCED_RDV',
  'EXPIRED',
  'NOT_IN_MISSION',
  // Issue #12: an archived mission's leads are kept, never handed out.
  'MISSION_ARCHIVED',
  // Issue #12: the mission's calling rules (src/contracts/calling-rules.ts).
  'OUTSIDE_CALLING_HOURS',
  'QUIET_PERIOD',
  'CALL_ATTEMPTS_CAP',
  'ONGOING_CALL',
  'UNTAGGED_CALL',
  'UNFINISHED_PROCESSING_LEAD',
] as const
export type PickRefusal = (typeof PICK_REFUSALS)[number]

export const leadSearchItemSchema = z.object({
  id,
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  substatus: z.enum(LEAD_SUBSTATUSES).nullable(),
  step: id,
  meetRequestDate: z.string(),
  mission: z.object({ id, name: z.string(), color: z.string() }),
  processingUser: userRefSchema.nullable(),
  /** Since when `processingUser` holds the lead. */
  processingSince: z.string().nullable(),
  recallAt: z.string().nullable(),
  /** meetRequestDate + the mission's processing duration: the lead is expired from then on. */
  expirationDate: z.string(),
  isExpired: z.boolean(),
  /** Whether `POST /api/lead/search/pick/{id}` would take it for the reader now (the server's rule). */
  canPick: z.boolean(),
  /** Why not, when `canPick` is false. */
  pickRefusal: z.enum(PICK_REFUSALS).nullable(),
})
export type LeadSearchItem = z.infer<typeof leadSearchItemSchema>
export const leadSearchResultSchema = z.object({
  items: z.array(leadSearchItemSchema),
  /** The prefix rule found nothing: these are the names closest to the input (trigram similarity). */
  approximate: z.boolean(),
  /** Counted up to 1,000 (server/domain/leads/search.ts); `totalCapped` when there are more. */
  total: z.number().int().nonnegative(),
  totalCapped: z.boolean(),
  page: id,
  limit: id,
})
export type LeadSearchResult = z.infer<typeof leadSearchResultSchema>

/** POST /api/calls/tag (spec §3 "Tag payload"): at least one of leadId and callId. */
export const tagBodySchema = z.object({
  leadId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  callId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  callProcessTagId: z.number().int().positive().max(2_147_483_647),
  details: safeRecord().nullish(),
  comment: safeText({ multiline: true }).trim().max(MAX_COMMENT_LENGTH).nullish(),
})
export type TagBody = z.input<typeof tagBodySchema>
export const tagResponseSchema = z.object({
  redirect: z.string(),
  leadTagId: z.number().int(),
  /** The lead's step after the outcome. */
  step: z.number().int(),
  /** The outcome moved the lead on in the same call, which still awaits its own outcome (issue #11). */
  progress: z.boolean(),
})
