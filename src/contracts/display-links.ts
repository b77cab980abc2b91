// Display links (issue #14, docs/domain.md "Display links"): a revocable, read-only access to the
// leaderboard for a wall screen; the screen opens `/display/<token>`. Administrators manage every
// link; a manager those of the teams they manage (issue #31), whose screens show that team only.
import { z } from 'zod'
import { idSchema } from './common.ts'
import { safeText } from './safe-text.ts'

/** 32 random bytes in base64url. */
export const DISPLAY_TOKEN_LENGTH = 43
export const DISPLAY_LINK_NAME_MAX = 80

const displayTeamSchema = z.object({ id: z.number().int(), name: z.string() })

export const displayLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The team whose leaderboard the screen shows; null for the whole centre. */
  team: displayTeamSchema.nullable(),
  createdAt: z.string(),
  /** Who created it (first and last name), null once that user is deleted. */
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
})

export const displayLinkListSchema = z.object({
  links: z.array(displayLinkSchema),
  /** The teams the reader may bind a new link to (not archived; a manager's own), by name. */
  teams: z.array(displayTeamSchema),
  /** Whether the reader may create a centre-wide link (administrators). */
  centreWide: z.boolean(),
})

export const createDisplayLinkBodySchema = z.object({
  name: safeText()
    .trim()
    .min(1, 'Donnez un nom à ce lien (l’écran ou la salle).')
    .max(DISPLAY_LINK_NAME_MAX, `Au plus ${DISPLAY_LINK_NAME_MAX} caractères.`),
  /** Absent or null: the whole centre (administrators only). A manager names one of their teams. */
  teamId: idSchema.nullable().optional(),
})

/** The token is in this answer only: the server keeps its hash. */
export const createdDisplayLinkSchema = z.object({ link: displayLinkSchema, token: z.string() })

/** The screen exchanges its link's token for the display cookie. */
export const displaySessionBodySchema = z.object({ token: z.string().min(1).max(200) })
export const displaySessionSchema = z.object({ name: z.string() })

export type DisplayLink = z.infer<typeof displayLinkSchema>
export type DisplayLinkList = z.infer<typeof displayLinkListSchema>
export type CreateDisplayLinkBody = z.input<typeof createDisplayLinkBodySchema>
export type CreatedDisplayLink = z.infer<typeof createdDisplayLinkSchema>
export type DisplaySession = z.infer<typeof displaySessionSchema>
