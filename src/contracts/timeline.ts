// The teleoperator timeline (issue #14, spec §7 GET /api/user/{userId}/timeline?search): one agent's
// Paris day as events in time order and as a day bar (calls, time on lead sheets, idle gaps); rules in
// docs/domain.md "Timeline and follow-up".
import { z } from 'zod'
import { LEAD_STATUSES } from './lead-statuses.ts'
import { parseIsoDate } from './paris-calendar.ts'
import { ROLES, USER_STATUSES } from './roles.ts'

/** A stretch of at least this many minutes with nothing recorded is an idle gap on the day bar. */
export const IDLE_GAP_MINUTES = 15

/** At most this many characters of search are read. */
export const TIMELINE_SEARCH_MAX = 100

export const TIMELINE_EVENT_KINDS = [
  'signed-in',
  'lead-taken',
  'sheet-viewed',
  'call-started',
  'call-answered',
  'call-ended',
  'tag',
  'appointment',
  'comment',
  'lead-released',
  'signed-out',
] as const
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number]

/** `YYYY-MM-DD`, a real calendar date (read as a Europe/Paris day). */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue au format AAAA-MM-JJ.')
  .refine((value) => parseIsoDate(value) !== null, 'Cette date n’existe pas.')

export const timelineParamsSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
})

export const timelineQuerySchema = z.object({
  /** The Paris day; today when absent. */
  day: isoDaySchema.optional(),
  search: z.string().trim().max(TIMELINE_SEARCH_MAX).optional(),
})
export type TimelineQuery = z.infer<typeof timelineQuerySchema>

const id = z.number().int()

export const timelineLeadSchema = z.object({
  id,
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
})
export type TimelineLead = z.infer<typeof timelineLeadSchema>

export const timelineEventSchema = z.object({
  /** Stable within the day (source and row), for list keys. */
  id: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  at: z.string(),
  /** The lead concerned, when there is one the reader may see. */
  lead: timelineLeadSchema.nullable(),
  /** A lead is concerned but the reader may not see it (not named). */
  leadHidden: z.boolean(),
  /** Calls: the other party's number (hidden with the lead). */
  phone: z.string().nullable(),
  direction: z.enum(['inbound', 'outbound']).nullable(),
  /** call-ended: start to end; sheet-viewed: time on the sheet. */
  durationSeconds: z.number().int().min(0).nullable(),
  /** call-ended: answer to end; null for a call never answered. */
  talkSeconds: z.number().int().min(0).nullable(),
  /** tag: the outcome as recorded (its label then) and the status it set. */
  outcome: z.object({ label: z.string(), status: z.enum(LEAD_STATUSES) }).nullable(),
  /** appointment: the slot booked. */
  appointmentAt: z.string().nullable(),
  /**
   * A code saying more: lead-taken `find` | `pick`; lead-released `unassigned` | `handed-back`;
   * signed-out `logout` | `expired` | `ended` | `switched`; appointment `booked` | `moved`.
   */
  detail: z.string().nullable(),
  /** comment: the text written (null: cleared); lead-released by its holder: their reason. */
  text: z.string().nullable(),
})
export type TimelineEvent = z.infer<typeof timelineEventSchema>

export const TIMELINE_SEGMENT_KINDS = ['call', 'sheet', 'idle'] as const
export type TimelineSegmentKind = (typeof TIMELINE_SEGMENT_KINDS)[number]

export const timelineSegmentSchema = z.object({
  kind: z.enum(TIMELINE_SEGMENT_KINDS),
  start: z.string(),
  end: z.string(),
  /** Calls: whether it was answered. */
  answered: z.boolean().nullable(),
})
export type TimelineSegment = z.infer<typeof timelineSegmentSchema>

export const timelineSummarySchema = z.object({
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  calls: z.number().int().min(0),
  answered: z.number().int().min(0),
  talkSeconds: z.number().int().min(0),
  sheetSeconds: z.number().int().min(0),
  idleSeconds: z.number().int().min(0),
  idleGaps: z.number().int().min(0),
  tags: z.number().int().min(0),
  appointments: z.number().int().min(0),
})
export type TimelineSummary = z.infer<typeof timelineSummarySchema>

export const timelineSchema = z.object({
  user: z.object({ id, firstName: z.string(), lastName: z.string() }),
  day: z.string(),
  search: z.string(),
  idleGapMinutes: z.number().int(),
  /** Every event of the day, before the search. */
  total: z.number().int().min(0),
  events: z.array(timelineEventSchema),
  /** The day bar, from the whole day whatever the search. */
  segments: z.array(timelineSegmentSchema),
  summary: timelineSummarySchema,
})
export type Timeline = z.infer<typeof timelineSchema>

/** The agents the reader may choose (GET /api/timeline/agents). */
export const timelineAgentSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
})
export type TimelineAgent = z.infer<typeof timelineAgentSchema>
export const timelineAgentsSchema = z.array(timelineAgentSchema)
