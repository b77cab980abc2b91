// The users back office (issue #12 "Users", docs/domain.md "Users (back office)"): the paginated,
// filtered list, one user as administrators see it, bulk actions and the Aircall accounts picker.
import { z } from 'zod'
import { ROLES, USER_STATUSES, type Role, type UserStatus } from './roles.ts'
import { safeText } from './safe-text.ts'
import { BULK_USERS_MAX, USER_SORTS, type UserSort } from './user-form.ts'
import { userSchema } from './user.ts'

export const USER_PAGE_SIZE_MAX = 100

const idValue = z.coerce.number().int().positive().max(2_147_483_647)
const flagSchema = z.enum(['true', 'false']).transform((value) => value === 'true')

/**
 * GET /api/users. Every parameter is optional and has no default here: without any, the endpoint
 * answers the plain array of spec §7 (dev tools, the team member picker); with one, the page.
 */
export const userListQuerySchema = z.object({
  search: safeText().trim().max(80).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  teamId: idValue.optional(),
  missionId: idValue.optional(),
  needsAircallLink: flagSchema.optional(),
  workingNow: flagSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(USER_PAGE_SIZE_MAX).optional(),
  sort: z.enum(USER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
})
export type UserListRawQuery = z.output<typeof userListQuerySchema>

/** The list's parameters as the client sends them (defaults left out). */
export type UserListQuery = {
  search?: string
  role?: Role
  status?: UserStatus
  teamId?: number
  missionId?: number
  needsAircallLink?: boolean
  workingNow?: boolean
  page?: number
  pageSize?: number
  sort?: UserSort
  order?: 'asc' | 'desc'
}

const namedSchema = z.object({ id: z.number().int(), name: z.string() })

/** One user as the back office shows them: the public user plus version, teams, missions, presence. */
export const adminUserSchema = userSchema.extend({
  version: z.number().int(),
  teams: z.array(namedSchema),
  missions: z.array(namedSchema.extend({ color: z.string() })),
  /** A session used within the working window (GET /api/users/working). */
  workingNow: z.boolean(),
  createdAt: z.string(),
  /** The user chose their password (a link used): « Nouveau lien » is then refused (issue #31). */
  passwordChosen: z.boolean(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

/**
 * What became of a new user's welcome link (issue #31): the mail queued; the link itself, for the
 * administrator to hand over, where production has no mail server (shown once); none for an inactive
 * account.
 */
/** A password link handed to the administrator (shown once, never stored) and when it stops working. */
export const handedOverLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() })
export type HandedOverLinkBody = z.infer<typeof handedOverLinkSchema>

export const welcomeOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mail-queued') }),
  handedOverLinkSchema.extend({ kind: z.literal('link') }),
  z.object({ kind: z.literal('none') }),
])
export type WelcomeOutcome = z.infer<typeof welcomeOutcomeSchema>

/** POST /api/users → 201: the user created and their welcome. */
export const createdUserSchema = adminUserSchema.extend({ welcome: welcomeOutcomeSchema })
export type CreatedUser = z.infer<typeof createdUserSchema>

export const userPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type UserPage = z.infer<typeof userPageSchema>

/** GET /api/users: the page, or the plain array when no list parameter is given. */
export const userListAnswerSchema = z.union([userPageSchema, z.array(userSchema)])

/** Activate and deactivate: the version the change was made from, when the client knows it. */
export const userStatusBodySchema = z.object({ version: z.number().int().positive().optional() }).nullish()

export const BULK_ACTIONS = ['deactivate', 'add-to-team', 'assign-to-mission'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

const userIdsSchema = z
  .array(z.number().int().positive().max(2_147_483_647))
  .min(1, { error: 'Sélectionnez au moins un utilisateur.' })
  .max(BULK_USERS_MAX, { error: `Au plus ${BULK_USERS_MAX} utilisateurs à la fois.` })

export const bulkUsersBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('deactivate'), userIds: userIdsSchema }),
  z.object({ action: z.literal('add-to-team'), userIds: userIdsSchema, teamId: idValue }),
  z.object({ action: z.literal('assign-to-mission'), userIds: userIdsSchema, missionId: idValue }),
])
export type BulkUsersBody = z.infer<typeof bulkUsersBodySchema>

/** How many of the selected users the action changed (the others already were so). */
export const bulkUsersResultSchema = z.object({ changed: z.number().int(), unchanged: z.number().int() })
export type BulkUsersResult = z.infer<typeof bulkUsersResultSchema>

export const aircallAccountsQuerySchema = z.object({
  search: safeText().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(USER_PAGE_SIZE_MAX).default(50),
})

/** An Aircall user the provider lists, and the user already linked to it, if any. */
export const aircallAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  linkedUserId: z.number().int().nullable(),
})
export type AircallAccount = z.infer<typeof aircallAccountSchema>

export const aircallAccountPageSchema = z.object({
  items: z.array(aircallAccountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AircallAccountPage = z.infer<typeof aircallAccountPageSchema>
