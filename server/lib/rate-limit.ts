// Fixed-window counters kept in the database, so that every server process shares them
// (conventions §1: rate-limit counters that matter go through PostgreSQL).
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimitHits } from '../db/schema.ts'

export type Limit = { bucket: string; max: number; windowMs: number }

export async function countHits(db: Db, limit: Limit, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - limit.windowMs)
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.at, since)))
  return row?.n ?? 0
}

export async function isLimited(db: Db, limits: Limit[]): Promise<boolean> {
  const counts = await Promise.all(limits.map((limit) => countHits(db, limit)))
  return counts.some((n, i) => n >= limits[i]!.max)
}

export async function recordHit(db: Db, limits: Limit[]): Promise<void> {
  await db.insert(rateLimitHits).values(limits.map((limit) => ({ bucket: limit.bucket })))
}

/**
 * Records one attempt in each bucket, then says whether a bucket is over its limit, this attempt
 * included. Recording before checking makes parallel attempts count each other: of N simultaneous
 * attempts at most `max` go through. A refused attempt is forgotten, so an attacker hammering an
 * account does not extend its lock beyond the window.
 */
export async function attempt(db: Db, limits: Limit[]): Promise<{ limited: boolean; ids: number[] }> {
  const rows = await db
    .insert(rateLimitHits)
    .values(limits.map((limit) => ({ bucket: limit.bucket })))
    .returning({ id: rateLimitHits.id })
  const ids = rows.map((row) => row.id)
  const counts = await Promise.all(limits.map((limit) => countHits(db, limit)))
  const limited = counts.some((n, i) => n > limits[i]!.max)
  if (limited) await forgetHits(db, ids)
  return { limited, ids }
}

export async function forgetHits(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids))
}

export async function clearHits(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket))
}

/** Housekeeping: forget hits older than a day. */
export async function pruneHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(Date.now() - 86_400_000)))
}
