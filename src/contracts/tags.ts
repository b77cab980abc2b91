// The tag catalogue's answers and list query (issue #12 "Tags", docs/domain.md "Tags"); the bodies
// are in tag-form.ts. Full zod: the server validates and serialises with these; the client only
// reads the inferred types.
import { z } from 'zod'
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from './lead-statuses.ts'
import { safeText } from './safe-text.ts'

/** The call-process editor reads the whole catalogue in one page (src/api/tag-catalogue.ts). */
export const TAG_PAGE_SIZE_MAX = 500

const id = z.number().int()
const flagSchema = z.enum(['true', 'false']).transform((value) => value === 'true')

export const tagListQuerySchema = z.object({
  search: safeText().trim().max(80).optional(),
  includeRetired: flagSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(TAG_PAGE_SIZE_MAX).default(50),
})
/** The list's parameters as the server reads them. */
export type TagListParams = z.output<typeof tagListQuerySchema>
/** The list's parameters as the client sends them (defaults left out). */
export type TagListQuery = { search?: string; includeRetired?: boolean; page?: number; pageSize?: number }

export const tagSchema = z.object({
  id,
  label: z.string(),
  color: z.string(),
  /** Null: the lead's status stays as it is (« Inchangé »). */
  status: z.enum(LEAD_STATUSES).nullable(),
  substatus: z.enum(LEAD_SUBSTATUSES).nullable(),
  endsProcessing: z.boolean(),
  requiresAppointment: z.boolean(),
  asksRecallDate: z.boolean(),
  withoutCall: z.boolean(),
  recallDelayMinutes: id.nullable(),
  experiencePoints: id,
  version: id,
  retiredAt: z.string().nullable(),
  /** Outcomes of call-process steps offering it, plus lead tags recorded with it: 0 means deletable. */
  usageCount: id,
})
export type Tag = z.infer<typeof tagSchema>

export const tagPageSchema = z.object({ items: z.array(tagSchema), total: id, page: id, pageSize: id })
export type TagPage = z.infer<typeof tagPageSchema>
