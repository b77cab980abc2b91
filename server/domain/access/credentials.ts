// Signing in and resetting a password under their limits (docs/domain.md "Sign-in limits"): the
// checks and refusals of POST /api/login, /api/forgotPassword and /api/resetPassword.
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import {
  admitAttempt,
  maxFailures,
  recordFailure,
  releaseAttempt,
  type AttemptTicket,
  type FailureRule,
} from '../../lib/failure-limits.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { getDecoyHash, HashingBusyError, verifyPassword } from '../../lib/passwords.ts'
import { attempt, type Limit } from '../../lib/rate-limit.ts'
import { resetPasswordWithToken } from './password-reset.ts'
import { signInRules } from './sign-in-throttle.ts'

const WINDOW_15_MIN = 15 * 60 * 1000

/** Bad reset links per address (docs/domain.md "Sign-in limits"); a used or expired link counts too. */
const resetRules = (ip: string): FailureRule[] => [
  maxFailures(`reset:ip:${addressBucketOf(ip)}`, 10, WINDOW_15_MIN),
]

/** Seconds a client is asked to wait when hashing is refused (the queue drains in about that). */
const BUSY_RETRY_AFTER_SECONDS = 5

/**
 * Runs work that hashes a password; a full hashing queue (server/lib/passwords.ts) becomes a 503
 * with Retry-After (docs/domain.md "Sign-in limits"). The attempt is not counted as a failure.
 */
async function unlessHashingBusy<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error
    throw new HttpError(503, 'BUSY', 'Le service est très sollicité : réessayez dans un instant.', {
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    })
  }
}

async function admitOrRefuse(db: Db, rules: FailureRule[]): Promise<AttemptTicket> {
  const admission = await admitAttempt(db, rules)
  if ('retryAfterMs' in admission) throw errors.tooManyAttempts(admission.retryAfterMs)
  return admission.ticket
}

/**
 * The account whose password this is, under the sign-in limits (docs/domain.md "Sign-in limits"):
 * 429 when this address must wait for this account, 401 for a wrong password or unknown e-mail.
 */
async function checkCredentials(db: Db, email: string, password: string, address: string) {
  const ticket = await admitOrRefuse(db, signInRules(email, address))
  try {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
    // Unknown e-mail: verify against a decoy so the answer time does not reveal it. A full hashing
    // queue answers 503 and the `finally` below releases the attempt (no failure counted).
    const ok = await unlessHashingBusy(async () =>
      verifyPassword(password, user?.passwordHash ?? (await getDecoyHash())),
    )
    if (!user || !ok) {
      await recordFailure(db, ticket)
      throw new HttpError(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.')
    }
    // Only failures count: the right password frees its slot and lifts this address's delay.
    await releaseAttempt(db, ticket, { success: true })
    return user
  } finally {
    await releaseAttempt(db, ticket)
  }
}

/** The active account these credentials open (403 for a deactivated one). */
export async function signInUser(db: Db, email: string, password: string, address: string) {
  const user = await checkCredentials(db, email, password, address)
  if (user.status !== 'ACTIVE')
    throw new HttpError(403, 'ACCOUNT_INACTIVE', 'Votre compte est désactivé. Contactez votre responsable.')
  return user
}

/**
 * Whether a forgotten-password link may be sent: 429 past 10 requests per address in 15 minutes;
 * silently no past 3 links an hour per e-mail address, so nobody can flood an inbox (or keep
 * cancelling a user's link), and the answer still does not tell whether the address exists.
 */
export async function mayRequestPasswordLink(db: Db, email: string, address: string): Promise<boolean> {
  const ipLimit: Limit = { bucket: `forgot:ip:${addressBucketOf(address)}`, max: 10, windowMs: WINDOW_15_MIN }
  if ((await attempt(db, [ipLimit])).limited) throw errors.tooManyAttempts()
  const emailLimit: Limit = { bucket: `forgot:email:${email}`, max: 3, windowMs: 60 * 60 * 1000 }
  return !(await attempt(db, [emailLimit])).limited
}

/**
 * Sets the password a reset link carries; answers the user whose password changed. Bad links are
 * failures, throttled per address; the link is checked before any hashing. A full hashing queue
 * answers 503 and the `finally` releases the attempt.
 */
export async function resetPasswordUnderLimits(
  db: Db,
  token: string,
  password: string,
  address: string,
): Promise<number> {
  const ticket = await admitOrRefuse(db, resetRules(address))
  try {
    const changed = await unlessHashingBusy(() => resetPasswordWithToken(db, token, password))
    if (changed === null) {
      await recordFailure(db, ticket)
      throw new HttpError(400, 'TOKEN_INVALID', 'Ce lien de réinitialisation est invalide ou a expiré.')
    }
    return changed
  } finally {
    await releaseAttempt(db, ticket)
  }
}
