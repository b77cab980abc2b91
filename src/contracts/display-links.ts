// Display links (issue #14, docs/domain.md "Display links"): an administrator's revocable, read-only
// access to the leaderboard for a wall screen; the screen opens `/display/<token>`.
import { z } from 'zod'
import { safeText } from './safe-text.ts'

/** 32 random bytes in base64url. */
export const DISPLAY_TOKEN_LENGTH = 43
export const DISPLAY_LINK_NAME_MAX = 80

export const displayLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** Who created it (first and last name), null once that user is deleted. */
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
})

export const displayLinkListSchema = z.object({ links: z.array(displayLinkSchema) })

export const createDisplayLinkBodySchema = z.object({
  name: safeText()
    .trim()
    .min(1, 'Donnez un nom à ce lien (l’écran ou la salle).')
    .max(DISPLAY_LINK_NAME_MAX, `Au plus ${DISPLAY_LINK_NAME_MAX} caractères.`),
})

/** The token is in this answer only: the server keeps its hash. */
export const createdDisplayLinkSchema = z.object({ link: displayLinkSchema, token: z.string() })

/** The screen exchanges its link's token for the display cookie. */
export const displaySessionBodySchema = z.object({ token: z.string().min(1).max(200) })
export const displaySessionSchema = z.object({ name: z.string() })

export type DisplayLink = z.infer<typeof displayLinkSchema>
export type DisplayLinkList = z.infer<typeof displayLinkListSchema>
export type CreateDisplayLinkBody = z.infer<typeof createDisplayLinkBodySchema>
export type CreatedDisplayLink = z.infer<typeof createdDisplayLinkSchema>
export type DisplaySession = z.infer<typeof displaySessionSchema>
