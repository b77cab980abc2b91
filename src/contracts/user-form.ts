// The user form's fields (issue #12 "Users"), one schema for the server's validation and the client's
// form. Written with zod/mini like the team form (src/contracts/team-form.ts): the back-office chunk
// validates with it and every check names its French message, so the client needs no zod locale.
import * as z from 'zod/mini'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'
import { ROLES, USER_STATUSES } from './roles.ts'
import { versionSchema } from './team-form.ts'

export const USER_NAME_MAX = 100
export const USER_EMAIL_MAX = 254
/** Teams one user can be put in by the form. */
export const USER_TEAMS_MAX = 50

/** Users one bulk action takes at most (POST /api/users/bulk). */
export const BULK_USERS_MAX = 500

/** The users list's sort keys; zod-free constants, so the client reads them without full zod. */
export const USER_SORTS = ['name', 'email', 'role', 'status', 'createdAt'] as const
export type UserSort = (typeof USER_SORTS)[number]

export const userFormMessages = {
  required: 'Ce champ est obligatoire.',
  nameTooLong: `Ce champ ne dépasse pas ${USER_NAME_MAX} caractères.`,
  email: 'Adresse e-mail invalide.',
  emailTooLong: `L’adresse e-mail ne dépasse pas ${USER_EMAIL_MAX} caractères.`,
  role: 'Choisissez un rôle.',
  status: 'Choisissez un statut.',
  teams: `Un utilisateur appartient au plus à ${USER_TEAMS_MAX} équipes.`,
  id: 'Identifiant invalide.',
} as const

const noControl = z.refine<string>((value) => !hasControlCharacter(value), {
  error: CONTROL_CHARACTERS_MESSAGE,
})

export const userNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: userFormMessages.required }),
    z.maxLength(USER_NAME_MAX, { error: userFormMessages.nameTooLong }),
    noControl,
  )

/** Trimmed and lower-cased: e-mails are unique without case (users_email_key). */
export const userEmailSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: userFormMessages.required }),
    z.maxLength(USER_EMAIL_MAX, { error: userFormMessages.emailTooLong }),
    z.regex(z.regexes.email, { error: userFormMessages.email }),
    noControl,
  )

const idSchema = z.int().check(z.positive({ error: userFormMessages.id }), z.lte(2_147_483_647))

export const userRoleSchema = z.enum(ROLES, { error: userFormMessages.role })
export const userStatusSchema = z.enum(USER_STATUSES, { error: userFormMessages.status })
export const teamIdsSchema = z
  .array(idSchema)
  .check(z.maxLength(USER_TEAMS_MAX, { error: userFormMessages.teams }))

/** What the form edits. */
export const userFormSchema = z.object({
  firstName: userNameSchema,
  lastName: userNameSchema,
  email: userEmailSchema,
  role: userRoleSchema,
  teamIds: teamIdsSchema,
})
export type UserFormValues = z.infer<typeof userFormSchema>

/** POST /api/users: the form, plus an initial status and Aircall id (create-admin, imports). */
export const createUserBodySchema = z.object({
  firstName: userNameSchema,
  lastName: userNameSchema,
  email: userEmailSchema,
  role: userRoleSchema,
  status: z.optional(userStatusSchema),
  aircallId: z.optional(z.nullable(idSchema)),
  teamIds: z.optional(teamIdsSchema),
})
export type CreateUserBody = z.input<typeof createUserBodySchema>

/** PUT /api/user/{id}: the fields that change and the version they were edited from. */
export const updateUserBodySchema = z.object({
  firstName: z.optional(userNameSchema),
  lastName: z.optional(userNameSchema),
  email: z.optional(userEmailSchema),
  role: z.optional(userRoleSchema),
  teamIds: z.optional(teamIdsSchema),
  /** null unlinks the Aircall account; linking goes through POST /api/user/{id}/link-aircall-account. */
  aircallId: z.optional(z.null()),
  version: versionSchema,
})
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>
