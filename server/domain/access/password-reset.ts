// Password links: single-use tokens valid one hour, stored hashed; used by "forgot password"
// and by the welcome mail of a user created without a password.
import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { passwordResetTokens, sessions, users } from '../../db/schema.ts'
import { endSessions } from '../../lib/activity-events.ts'
import { hashPassword } from '../../lib/passwords.ts'

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/**
 * Where e-mailed links point (issue #17): PUBLIC_URL (required in production), else the server's own
 * address. Never a request header: a forged Host or X-Forwarded-Host must not choose where a reset
 * link sends its token.
 */
export function linkOrigin(app: FastifyInstance): string {
  if (app.config.publicUrl) return withoutTrailingSlash(app.config.publicUrl)
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : app.config.port
  const host = app.config.host
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`
}

function withoutTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url
}

/**
 * A new password link for the user (single use; one hour unless told, a welcome link longer). Only the newest link works: asking again
 * invalidates the previous ones. The user's row is locked first, so two requests at once are served
 * one after the other and one link survives.
 */
export async function issuePasswordToken(
  db: Db,
  userId: number,
  ttlMs: number = RESET_TOKEN_TTL_MS,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + ttlMs),
    })
  })
  return token
}

/**
 * The password link of one logged mail (issue #30): derived from the mail's id with a server secret, so
 * a retried send (its first attempt failed, or the process died after the SMTP server took it) carries
 * the same link while it is valid, rather than a new one that kills the link already delivered. Neither
 * the log nor the job holds it. Used or expired, the retry gets a fresh link; a new mail (another
 * request, « Renvoyer ») has another id, hence a new link that replaces the older ones.
 */
export async function passwordTokenForMail(
  db: Db,
  { userId, mailId, ttlMs, secret }: { userId: number; mailId: number; ttlMs: number; secret: string },
): Promise<string> {
  const token = createHmac('sha256', secret).update(`password-mail:${mailId}`).digest('base64url')
  const tokenHash = hashToken(token)
  const usable = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [existing] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
    if (existing)
      return existing.userId === userId && existing.usedAt === null && existing.expiresAt > new Date()
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))
    await tx
      .insert(passwordResetTokens)
      .values({ tokenHash, userId, expiresAt: new Date(Date.now() + ttlMs) })
    return true
  })
  return usable ? token : issuePasswordToken(db, userId, ttlMs)
}

/** Where a password link opens: the reset page with its token. */
export function passwordLinkUrl(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`
}

function validTokenWhere(tokenHash: string) {
  return and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  )
}

/** Whether a password link can still be used (unknown, used and expired links cannot). */
export async function isResetTokenValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(validTokenWhere(hashToken(token)))
  return Boolean(row)
}

/**
 * Sets a new password through a link; answers the user's id, or null for a link that cannot be
 * used. The link is checked before any hashing (issue #17: bogus tokens must cost no scrypt), then
 * claimed atomically with the change, so a link is used once even when submitted twice at once.
 * Every session of the user ends.
 */
export async function resetPasswordWithToken(
  db: Db,
  token: string,
  password: string,
): Promise<number | null> {
  const tokenHash = hashToken(token)
  if (!(await isResetTokenValid(db, token))) return null
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(validTokenWhere(tokenHash))
      .returning({ userId: passwordResetTokens.userId })
    if (!claimed) return null
    const now = new Date()
    await tx
      .update(users)
      .set({ passwordHash, passwordChosenAt: now, updatedAt: now })
      .where(eq(users.id, claimed.userId))
    // Every session ends, recorded as such in the timeline (issue #14).
    await endSessions(tx, eq(sessions.userId, claimed.userId), 'ended')
    return claimed.userId
  })
}
