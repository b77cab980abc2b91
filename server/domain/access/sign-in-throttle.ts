// Sign-in limits (docs/domain.md "Sign-in limits"): only failures count; failures from one address
// slow down that address on that account (a growing delay) and never lock the owner out elsewhere;
// a much higher cap per account across addresses, visible to administrators; a per-address cap
// across accounts high enough for a whole shift behind one NAT address.
import { and, count, gt, inArray, like, max, min, or, sql, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { rateLimitHits, users } from '../../db/schema.ts'
import { maxFailures, type FailureCount, type FailureRule } from '../../lib/failure-limits.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import type { SignInThrottle } from '../../../src/contracts/sign-in-throttle.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export const SIGN_IN_LIMITS = {
  /** Per (account, address): free failures, then a wait doubling from one minute up to an hour. */
  pair: { freeFailures: 5, firstDelayMs: MINUTE, maxDelayMs: HOUR, windowMs: 24 * HOUR },
  /** Per account, every address together. */
  account: { max: 100, windowMs: HOUR },
  /** Per address, every account together: a shift of 100+ agents behind one NAT signs in. */
  address: { max: 200, windowMs: 15 * MINUTE },
  /** Listed to administrators from this many failures on the account (half the cap). */
  nearCap: 50,
} as const

/** Wait after `failures` failures of one (account, address): 0 below 5, then 1, 2, 4 … 60 minutes. */
export function pairDelayMs(failures: number): number {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_LIMITS.pair
  if (failures < freeFailures) return 0
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(failures - freeFailures, 30))
}

function pairBlockedUntil({ count: failures, latestAt }: FailureCount): Date | null {
  const delay = pairDelayMs(failures)
  return delay > 0 && latestAt ? new Date(latestAt.getTime() + delay) : null
}

// Bucket names: the e-mail (validated, no spaces) and the address are separated by a space.
const accountBucket = (email: string) => `login:account:${email}`
const pairBucket = (email: string, address: string) => `login:pair:${email} ${address}`
const addressBucket = (address: string) => `login:ip:${address}`

/** The rules of one sign-in; `ip` is the client's address, counted by addressBucketOf (IPv6: /64). */
export function signInRules(email: string, ip: string): FailureRule[] {
  const { pair, account, address: perAddress } = SIGN_IN_LIMITS
  const address = addressBucketOf(ip)
  return [
    {
      bucket: pairBucket(email, address),
      windowMs: pair.windowMs,
      retryAfterMs: (failures, now) => {
        const until = pairBlockedUntil(failures)
        return until ? Math.max(0, until.getTime() - now.getTime()) : 0
      },
      // The right password from this address proves its owner is there.
      clearedBySuccess: true,
    },
    maxFailures(accountBucket(email), account.max, account.windowMs),
    maxFailures(addressBucket(address), perAddress.max, perAddress.windowMs),
  ]
}

async function failuresByBucket(db: Db, prefix: string, windowMs: number, now: Date) {
  return db
    .select({
      bucket: rateLimitHits.bucket,
      count: count(),
      oldestAt: min(rateLimitHits.at),
      latestAt: max(rateLimitHits.at),
    })
    .from(rateLimitHits)
    .where(
      and(like(rateLimitHits.bucket, `${prefix}%`), gt(rateLimitHits.at, new Date(now.getTime() - windowMs))),
    )
    .groupBy(rateLimitHits.bucket)
}

/** Accounts throttled at some address or near the per-account cap, most failures first. */
export async function listSignInThrottles(db: Db, now = new Date()): Promise<SignInThrottle[]> {
  const { account, pair, nearCap } = SIGN_IN_LIMITS
  const [accounts, pairs] = await Promise.all([
    failuresByBucket(db, 'login:account:', account.windowMs, now),
    failuresByBucket(db, 'login:pair:', pair.windowMs, now),
  ])
  const byEmail = new Map<string, Pick<SignInThrottle, 'failures' | 'cappedUntil' | 'addresses'>>()
  const entry = (email: string) => {
    let found = byEmail.get(email)
    if (!found) byEmail.set(email, (found = { failures: 0, cappedUntil: null, addresses: [] }))
    return found
  }
  for (const row of accounts) {
    const found = entry(row.bucket.slice('login:account:'.length))
    found.failures = row.count
    if (row.count >= account.max && row.oldestAt)
      found.cappedUntil = new Date(row.oldestAt.getTime() + account.windowMs)
  }
  for (const row of pairs) {
    const [email = '', address = ''] = row.bucket.slice('login:pair:'.length).split(' ')
    const blockedUntil = pairBlockedUntil(row)
    entry(email).addresses.push({
      address,
      failures: row.count,
      blockedUntil: blockedUntil && blockedUntil > now ? blockedUntil : null,
    })
  }
  const listed = [...byEmail].filter(
    ([, t]) => t.failures >= nearCap || t.addresses.some((a) => a.blockedUntil !== null),
  )
  if (listed.length === 0) return []
  // Unknown e-mails are throttled alike (no enumeration) but only accounts are listed.
  const accountsListed = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        listed.map(([email]) => email),
      ),
    )
  return accountsListed
    .map((user) => {
      const t = byEmail.get(user.email.toLowerCase())!
      return {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        failures: t.failures,
        cap: account.max,
        cappedUntil: t.cappedUntil && t.cappedUntil > now ? t.cappedUntil : null,
        addresses: t.addresses.sort((a, b) => b.failures - a.failures),
      }
    })
    .sort((a, b) => b.failures - a.failures)
}

/** An administrator lifts an account's throttle: its cap and every address's delay. */
export async function clearSignInThrottle(db: Db, email: string): Promise<void> {
  const lower = email.toLowerCase()
  await db
    .delete(rateLimitHits)
    .where(
      or(
        eq(rateLimitHits.bucket, accountBucket(lower)),
        like(rateLimitHits.bucket, `${pairBucket(lower, '').replace(/[\\%_]/g, '\\$&')}%`),
      ),
    )
}

/** DELETE /api/auth/sign-in-throttles/{id}: lifts the limits of that user's account (404 unknown). */
export async function liftSignInThrottle(db: Db, userId: number): Promise<void> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw errors.notFound(messages.userNotFound)
  await clearSignInThrottle(db, user.email)
}
