// Display sessions (issue #14, docs/domain.md "Display links"): a wall screen reads the leaderboard
// without a user's session. The screen exchanges its link's token (POST /api/display-session) for the
// HttpOnly `display-link` cookie, which holds the token itself: the link is the session, so it lives
// as long as the link (no idle or absolute limit) and ends the moment the link is revoked. Only the
// routes declaring `config.display` (GET /api/leaderboard) and the live channel `leaderboard` accept
// it; everywhere else the caller is signed out (401).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { and, eq, isNull } from 'drizzle-orm'
import { DISPLAY_TOKEN_LENGTH } from '../../src/contracts/display-links.ts'
import type { Db } from '../db/client.ts'
import { displayLinks } from '../db/schema.ts'
import { cookieOptions, type CookieConfig } from './session-cookies.ts'
import { hashId } from './session-store.ts'

export const DISPLAY_COOKIE = 'display-link'
/** Browsers keep a cookie 400 days at most; the screen exchanges its token again on every load. */
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60
/** last_used_at is written at most this often per link. */
const LAST_USED_RESOLUTION_MS = 60_000

/** A display link in force; `tokenHash` names its sockets on the bus (`session-changed`). */
export type DisplaySession = {
  linkId: number
  name: string
  tokenHash: string
  /** Issue #31: the team whose leaderboard the screen shows; null for the whole centre. */
  teamId: number | null
}

export type DisplaySessions = ReturnType<typeof createDisplaySessions>

export function createDisplaySessions(db: Db, config: CookieConfig) {
  /** The link behind a token, or null when unknown or revoked. One indexed read, never cached. */
  async function lookup(token: string): Promise<DisplaySession | null> {
    if (token.length !== DISPLAY_TOKEN_LENGTH) return null
    const tokenHash = hashId(token)
    const [link] = await db
      .select({
        id: displayLinks.id,
        name: displayLinks.name,
        teamId: displayLinks.teamId,
        lastUsedAt: displayLinks.lastUsedAt,
      })
      .from(displayLinks)
      .where(and(eq(displayLinks.tokenHash, tokenHash), isNull(displayLinks.revokedAt)))
    if (!link) return null
    const now = Date.now()
    if (!link.lastUsedAt || now - link.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)
      await db
        .update(displayLinks)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(displayLinks.id, link.id))
    return { linkId: link.id, name: link.name, tokenHash, teamId: link.teamId }
  }

  /** The display session a request presents (its cookie), or null. */
  async function resolve(request: FastifyRequest): Promise<DisplaySession | null> {
    const token = request.cookies[DISPLAY_COOKIE]
    return token ? lookup(token) : null
  }

  function setCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    const { maxAge: _maxAge, ...options } = cookieOptions(
      { protocol: request.protocol, auth: { remember: false } },
      config,
      true,
    )
    reply.setCookie(DISPLAY_COOKIE, token, { ...options, maxAge: COOKIE_MAX_AGE_SECONDS })
  }

  return { lookup, resolve, setCookie }
}
