// Teams (issue #12, docs/domain.md "Teams"): list, detail with members, and their changes.
import { z } from 'zod'
import { ROLES, USER_STATUSES } from './roles.ts'
import { safeText } from './safe-text.ts'
import { TEAM_SORTS, type TeamSort } from './team-form.ts'

export const TEAM_PAGE_SIZE_MAX = 100

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1)
const flagSchema = z.enum(['true', 'false']).transform((value) => value === 'true')

export const teamListQuerySchema = z.object({
  search: safeText().trim().max(80).optional(),
  includeArchived: flagSchema.optional(),
  page: pageSchema,
  pageSize: z.coerce.number().int().min(1).max(TEAM_PAGE_SIZE_MAX).default(25),
  sort: z.enum(TEAM_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
})
/** The list's parameters as the server reads them. */
export type TeamListParams = z.output<typeof teamListQuerySchema>
/** The list's parameters as the client sends them (defaults left out). */
export type TeamListQuery = {
  search?: string
  includeArchived?: boolean
  page?: number
  pageSize?: number
  sort?: TeamSort
  order?: 'asc' | 'desc'
}

const personSchema = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })
export type TeamPerson = z.infer<typeof personSchema>

export const teamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  archivedAt: z.string().nullable(),
  memberCount: z.number().int(),
  managers: z.array(personSchema),
})
export type TeamSummary = z.infer<typeof teamSummarySchema>

export const teamPageSchema = z.object({
  items: z.array(teamSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type TeamPage = z.infer<typeof teamPageSchema>

export const teamMemberSchema = personSchema.extend({
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  isManager: z.boolean(),
})
export type TeamMember = z.infer<typeof teamMemberSchema>

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  members: z.array(teamMemberSchema),
})
export type Team = z.infer<typeof teamSchema>

export const teamMemberParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.coerce.number().int().positive().max(2_147_483_647),
})
