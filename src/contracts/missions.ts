// Missions (issue #12 "Missions", docs/domain.md "Missions and markets"): the list, one mission with
// its markets, and their answers (the bodies are in mission-form.ts). Full zod: the server
// serialises with these; the client only reads the inferred types.
import { z } from 'zod'
import { CALLING_RULE_KINDS } from './calling-rules.ts'
import { marketSchema } from './markets.ts'
import { MISSION_SORTS, type MissionSort } from './mission-form.ts'
import { safeText } from './safe-text.ts'

export const MISSION_PAGE_SIZE_MAX = 100

const id = z.number().int()
const flagSchema = z.enum(['true', 'false']).transform((value) => value === 'true')

export const missionListQuerySchema = z.object({
  search: safeText().trim().max(80).optional(),
  includeArchived: flagSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MISSION_PAGE_SIZE_MAX).default(25),
  sort: z.enum(MISSION_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
})
export type MissionListParams = z.output<typeof missionListQuerySchema>
export type MissionListQuery = {
  search?: string
  includeArchived?: boolean
  page?: number
  pageSize?: number
  sort?: MissionSort
  order?: 'asc' | 'desc'
}

const callProcessRefSchema = z.object({ id, name: z.string() }).nullable()

export const missionSummarySchema = z.object({
  id,
  name: z.string(),
  color: z.string(),
  /** The banner agents see: the uploaded one's versioned URL, or the mission's original picture. */
  bannerUrl: z.string(),
  leadProcessingDurationDays: id,
  callProcess: callProcessRefSchema,
  callingRule: z.enum(CALLING_RULE_KINDS),
  version: id,
  archivedAt: z.string().nullable(),
  marketCount: id,
  leadCount: id,
})
export type MissionSummary = z.infer<typeof missionSummarySchema>

export const missionPageSchema = z.object({
  items: z.array(missionSummarySchema),
  total: id,
  page: id,
  pageSize: id,
})
export type MissionPage = z.infer<typeof missionPageSchema>

export const callingHoursOutSchema = z.object({
  days: z.array(id),
  periods: z.array(z.tuple([id, id])),
  holidays: z.boolean(),
})

export const missionSchema = missionSummarySchema.extend({
  /** Whether an administrator uploaded a banner (mission_banners). */
  hasUploadedBanner: z.boolean(),
  callingHours: callingHoursOutSchema,
  maxCallAttempts: id.nullable(),
  quietDays: id.nullable(),
  autoCallDelaySeconds: id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  markets: z.array(marketSchema),
})
export type Mission = z.infer<typeof missionSchema>

/** Deleting a mission without leads answers with nothing to show. */
export const missionDeletedSchema = z.object({ id, deleted: z.literal(true) })
