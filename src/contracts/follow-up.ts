// The lead follow-up (issue #14, /activity/leads-follow-up; docs/domain.md "Timeline and follow-up"):
// one mission's pipeline per market — counts by status, substatus and step, and the leads that need a
// manager (recalls due or overdue, forced appointments to book, leads held too long, leads expiring) —
// and the paged list behind each count.
import { z } from 'zod'
import { idSchema } from './common.ts'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from './lead-statuses.ts'

/** A lead held longer than this by one agent is listed as held a long time. */
export const HELD_LONG_MINUTES = 120
/** An open lead whose expiration date falls within this many days is expiring soon. */
export const EXPIRING_SOON_DAYS = 7
export const FOLLOW_UP_PAGE_SIZE = 25

/** The lists a count opens: one status, substatus or step, or a situation that needs a manager. */
export const FOLLOW_UP_BUCKETS = [
  'all',
  'status',
  'substatus',
  'step',
  'recall-due',
  'recall-overdue',
  'forced-appointment',
  'held-long',
  'expiring-soon',
  'expired',
] as const
export type FollowUpBucket = (typeof FOLLOW_UP_BUCKETS)[number]

/** The situations, each counted per market. */
export const FOLLOW_UP_ALERTS = [
  'recall-due',
  'recall-overdue',
  'forced-appointment',
  'held-long',
  'expiring-soon',
  'expired',
] as const satisfies readonly FollowUpBucket[]
export type FollowUpAlert = (typeof FOLLOW_UP_ALERTS)[number]

export const followUpQuerySchema = z.object({ missionId: idSchema.optional() })

const count = z.number().int().min(0)

export const followUpCountsSchema = z.object({
  total: count,
  statuses: z.array(z.object({ status: z.enum(LEAD_STATUSES), count })),
  substatuses: z.array(z.object({ substatus: z.enum(LEAD_SUBSTATUSES), count })),
  /** Open leads only (new, in progress, recall, unreachable), by their step. */
  steps: z.array(z.object({ step: z.number().int(), count })),
  alerts: z.object({
    'recall-due': count,
    'recall-overdue': count,
    'forced-appointment': count,
    'held-long': count,
    'expiring-soon': count,
    expired: count,
  }),
})
export type FollowUpCounts = z.infer<typeof followUpCountsSchema>

const missionRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() })

export const followUpSchema = z.object({
  /** The missions the reader may follow (administrators: all; managers: their teams'). */
  missions: z.array(missionRef),
  /** The mission shown: the one asked, else the first; null when there is none. */
  mission: missionRef.nullable(),
  heldLongMinutes: z.number().int(),
  expiringSoonDays: z.number().int(),
  markets: z.array(followUpCountsSchema.extend({ id: z.number().int(), name: z.string() })),
  /** The mission's markets together. */
  totals: followUpCountsSchema,
})
export type FollowUp = z.infer<typeof followUpSchema>

export const followUpLeadsQuerySchema = z.object({
  missionId: idSchema,
  marketId: idSchema.optional(),
  bucket: z.enum(FOLLOW_UP_BUCKETS).default('all'),
  /** For `status`, `substatus` and `step`: which one. */
  value: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type FollowUpLeadsQuery = z.infer<typeof followUpLeadsQuerySchema>

export const followUpLeadSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  market: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(LEAD_STATUSES),
  substatus: z.enum(LEAD_SUBSTATUSES).nullable(),
  step: z.number().int(),
  recallAt: z.string().nullable(),
  expirationDate: z.string(),
  processingUser: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  processingSince: z.string().nullable(),
  /** The reader may free it (the holder is someone they follow: server/domain/access/live-access.ts). */
  canUnassign: z.boolean(),
})
export type FollowUpLead = z.infer<typeof followUpLeadSchema>

export const followUpLeadsPageSchema = z.object({
  items: z.array(followUpLeadSchema),
  total: count,
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type FollowUpLeadsPage = z.infer<typeof followUpLeadsPageSchema>
