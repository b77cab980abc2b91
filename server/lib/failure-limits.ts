// Limits on failures only (docs/domain.md "Sign-in limits", docs/decisions.md 2026-11-25), kept in
// the same `rate_limit_hits` table as the plain counters of rate-limit.ts, so every process shares them.
import { createHash } from 'node:crypto'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimitHits } from '../db/schema.ts'
import { forgetHits } from './rate-limit.ts'

// Only failures count, and the rule holds under concurrency: an attempt is admitted under a
// transaction-scoped advisory lock per bucket, and while it runs it holds a *pending* row
// (bucket `pending:<bucket>`), so parallel attempts cannot all slip under a limit. A pending attempt
// is counted as if it would fail only to decide whether the next one may start now: when it might
// cross a limit, the next attempt waits for it to settle instead of being refused. So an attempt is
// refused only for failures that happened, never for successes in flight.

export type FailureCount = { count: number; oldestAt: Date | null; latestAt: Date | null }

export type FailureRule = {
  bucket: string
  /** Failures older than this are not counted. */
  windowMs: number
  /** Milliseconds before the next try is allowed, given the failures counted (0 = now). */
  retryAfterMs: (failures: FailureCount, now: Date) => number
  /** A success empties the bucket (so an attempt in flight may still free it). */
  clearedBySuccess?: boolean
}

/** An admitted attempt; settle it with `recordFailure` or `releaseAttempt` (in a `finally`). */
export type AttemptTicket = { ids: number[]; rules: FailureRule[]; settled: boolean }

/** A plain cap: at most `max` failures in the window. */
export function maxFailures(bucket: string, max: number, windowMs: number): FailureRule {
  return {
    bucket,
    windowMs,
    retryAfterMs: ({ count, oldestAt }, now) =>
      count >= max && oldestAt ? Math.max(1000, oldestAt.getTime() + windowMs - now.getTime()) : 0,
  }
}

/** A pending row older than this belongs to a process that died mid-attempt: ignored. */
const PENDING_TTL_MS = 60_000
/** The longest an attempt waits for others in flight before giving up (503-like, answered 429). */
const MAX_WAIT_MS = 30_000
/** First argument of pg_advisory_xact_lock(int, int): keeps these locks apart from others. */
const LOCK_SPACE = 727_275

const PENDING_PREFIX = 'pending:'
const pendingBucket = (bucket: string) => `${PENDING_PREFIX}${bucket}`

function lockKey(bucket: string): number {
  return createHash('sha256').update(bucket).digest().readInt32BE(0)
}

async function readFailures(db: Db, rule: FailureRule, now: Date) {
  const since = new Date(now.getTime() - rule.windowMs)
  const pendingSince = new Date(now.getTime() - PENDING_TTL_MS)
  const pendingName = pendingBucket(rule.bucket)
  // One statement, so one snapshot: settling an attempt (pending → failure, recordFailure) does not
  // take the advisory lock, and two reads could see it neither pending nor failed (seen on
  // PostgreSQL with two processes: six failures admitted under a limit of five).
  const isFailure = and(eq(rateLimitHits.bucket, rule.bucket), gt(rateLimitHits.at, since))
  const isPending = and(eq(rateLimitHits.bucket, pendingName), gt(rateLimitHits.at, pendingSince))
  const [row] = await db
    .select({
      count: sql<number>`count(*) filter (where ${isFailure})`.mapWith(Number),
      // As epoch milliseconds: raw timestamps come back as text from one driver, Date from another.
      oldestMs: sql<
        number | null
      >`extract(epoch from min(${rateLimitHits.at}) filter (where ${isFailure})) * 1000`,
      latestMs: sql<
        number | null
      >`extract(epoch from max(${rateLimitHits.at}) filter (where ${isFailure})) * 1000`,
      pending: sql<number>`count(*) filter (where ${isPending})`.mapWith(Number),
    })
    .from(rateLimitHits)
    .where(inArray(rateLimitHits.bucket, [rule.bucket, pendingName]))
  return {
    failures: { count: row?.count ?? 0, oldestAt: toDate(row?.oldestMs), latestAt: toDate(row?.latestMs) },
    pending: row?.pending ?? 0,
  }
}

function toDate(epochMs: unknown): Date | null {
  return epochMs === null || epochMs === undefined ? null : new Date(Math.round(Number(epochMs)))
}

type Decision = { kind: 'admit' } | { kind: 'wait' } | { kind: 'refuse'; retryAfterMs: number }

function decide(rule: FailureRule, failures: FailureCount, pending: number, now: Date): Decision {
  // As if every attempt in flight failed now: may this one still start?
  const worst: FailureCount = {
    count: failures.count + pending,
    oldestAt: failures.oldestAt ?? (pending > 0 ? now : null),
    latestAt: pending > 0 ? now : failures.latestAt,
  }
  if (rule.retryAfterMs(worst, now) === 0) return { kind: 'admit' }
  const retryAfterMs = rule.retryAfterMs(failures, now)
  // Refused on failures that happened, unless a success in flight may still empty the bucket.
  if (retryAfterMs > 0 && !(pending > 0 && rule.clearedBySuccess)) return { kind: 'refuse', retryAfterMs }
  return { kind: 'wait' }
}

async function tryAdmit(db: Db, rules: FailureRule[]): Promise<Decision & { ids?: number[] }> {
  return db.transaction(async (tx) => {
    // One global lock order (by key) so that attempts sharing buckets never deadlock.
    const keys = [...new Set(rules.map((rule) => lockKey(rule.bucket)))].sort((a, b) => a - b)
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, ${key})`)
    const now = new Date()
    const decisions: Decision[] = []
    for (const rule of rules) {
      const { failures, pending } = await readFailures(tx, rule, now)
      decisions.push(decide(rule, failures, pending, now))
    }
    const refusals = decisions.flatMap((d) => (d.kind === 'refuse' ? [d.retryAfterMs] : []))
    if (refusals.length > 0) return { kind: 'refuse' as const, retryAfterMs: Math.max(...refusals) }
    if (decisions.some((d) => d.kind === 'wait')) return { kind: 'wait' as const }
    const rows = await tx
      .insert(rateLimitHits)
      .values(rules.map((rule) => ({ bucket: pendingBucket(rule.bucket), at: now })))
      .returning({ id: rateLimitHits.id })
    return { kind: 'admit' as const, ids: rows.map((row) => row.id) }
  })
}

// Attempts of this process waiting for one in flight; a settled attempt wakes the oldest at once
// (other processes' attempts are noticed by polling).
const waiting: (() => void)[] = []

function wakeOne(): void {
  waiting.shift()?.()
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(() => {
      const i = waiting.indexOf(wake)
      if (i >= 0) waiting.splice(i, 1)
      resolve()
    }, ms)
    waiting.push(wake)
  })
}

/** Admits an attempt under failure-only rules, or says how long to wait before the next try. */
export async function admitAttempt(
  db: Db,
  rules: FailureRule[],
): Promise<{ ticket: AttemptTicket } | { retryAfterMs: number }> {
  const deadline = Date.now() + MAX_WAIT_MS
  for (let round = 0; ; round++) {
    const decision = await tryAdmit(db, rules)
    if (decision.kind === 'admit') return { ticket: { ids: decision.ids ?? [], rules, settled: false } }
    if (decision.kind === 'refuse') return { retryAfterMs: decision.retryAfterMs }
    if (Date.now() > deadline) return { retryAfterMs: 1000 }
    await pause(Math.min(250, 10 * 2 ** round) * (0.5 + Math.random() / 2))
  }
}

/** The attempt failed: its pending rows become failures, counted from now. */
export async function recordFailure(db: Db, ticket: AttemptTicket): Promise<void> {
  if (ticket.settled) return
  ticket.settled = true
  // One statement: a concurrent admission sees the attempt either pending or failed, never neither.
  if (ticket.ids.length > 0)
    await db
      .update(rateLimitHits)
      .set({ bucket: sql`substr(${rateLimitHits.bucket}, ${PENDING_PREFIX.length + 1})`, at: new Date() })
      .where(inArray(rateLimitHits.id, ticket.ids))
  wakeOne()
}

/** The attempt succeeded (`success`: buckets cleared by success are emptied) or ended otherwise. */
export async function releaseAttempt(db: Db, ticket: AttemptTicket, { success = false } = {}): Promise<void> {
  if (ticket.settled) return
  ticket.settled = true
  const cleared = success ? ticket.rules.filter((rule) => rule.clearedBySuccess).map((r) => r.bucket) : []
  await db.transaction(async (tx) => {
    if (cleared.length > 0) await tx.delete(rateLimitHits).where(inArray(rateLimitHits.bucket, cleared))
    await forgetHits(tx, ticket.ids)
  })
  wakeOne()
}
