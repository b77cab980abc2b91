// Fixed-window counters kept in the database, so that every server process shares them
// (conventions §1: rate-limit counters that matter go through PostgreSQL).
import { and, count, eq, gt, lt } from 'drizzle-orm'
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

export async function clearHits(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket))
}

/** Housekeeping: forget hits older than a day. */
export async function pruneHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(Date.now() - 86_400_000)))
}
