// The team form's fields (issue #12), one schema for the server's validation and the client's form.
// Written with zod/mini: the back-office chunk validates with it (react-hook-form's zod resolver)
// and the mini build weighs a few KB where full zod adds tens (docs/decisions.md, 2026-11-25). Every
// check names its French message, so the client needs no zod locale.
import * as z from 'zod/mini'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacter } from './control-characters.ts'

export const TEAM_NAME_MAX = 80

/** The teams list's sort keys; here (zod-free constants) so the client reads them without full zod. */
export const TEAM_SORTS = ['name', 'memberCount'] as const
export type TeamSort = (typeof TEAM_SORTS)[number]

export const teamNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, { error: 'Le nom de l’équipe est obligatoire.' }),
  z.maxLength(TEAM_NAME_MAX, { error: `Le nom de l’équipe ne dépasse pas ${TEAM_NAME_MAX} caractères.` }),
  z.refine((value) => !hasControlCharacter(value), { error: CONTROL_CHARACTERS_MESSAGE }),
)

/** The version of an entity the client edited (optimistic concurrency, docs/domain.md "Audit and concurrency"). */
export const versionSchema = z.int().check(z.positive({ error: 'Version invalide.' }))

/** Create: a name. */
export const createTeamBodySchema = z.object({ name: teamNameSchema })
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>

/** Rename: the name and the version it was edited from. */
export const renameTeamBodySchema = z.object({ name: teamNameSchema, version: versionSchema })
export type RenameTeamBody = z.infer<typeof renameTeamBodySchema>
