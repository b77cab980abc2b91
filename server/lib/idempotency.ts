// Idempotency keys (issue #5, docs/decisions.md "Idempotency"): the storage side of the
// `config.idempotent` route option (server/plugins/idempotency.ts). One row per (user, key): claimed
// before the handler runs (status null), completed with the answer afterwards, so the same key sent
// again gets the same answer without running the handler twice.
import { createHash } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idempotencyKeys } from '../db/schema.ts'

/** A key is kept this long, then purged (the client replays its outbox well within it). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/**
 * A claim still running after this long is taken to be dead (its process crashed before answering):
 * the next request with the key runs the handler again.
 */
export const STALE_CLAIM_MS = 60_000
/** What a client may send: its own random id (a UUID in this app), nothing that needs escaping. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,128}$/

export type IdempotencyRef = { userId: number; key: string }

/** The request the key was first used for: method and route pattern, plus a hash of URL and body. */
export type IdempotentRequest = IdempotencyRef & { route: string; fingerprint: string }

/** Stored in `response` (jsonb): the fingerprint from the claim on, the answer's body once done. */
type StoredResponse = { fingerprint: string; body?: unknown }

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'in-progress' }
  | { kind: 'other-route' }
  | { kind: 'other-request' }
  | { kind: 'replay'; statusCode: number; body: unknown }

/** Same URL (with its ids and query) and same body → same fingerprint. */
export function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url')
}

function matches({ userId, key }: IdempotencyRef) {
  return and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
}

async function tryInsert(db: Db, request: IdempotentRequest, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      userId: request.userId,
      key: request.key,
      route: request.route,
      statusCode: null,
      response: { fingerprint: request.fingerprint } satisfies StoredResponse,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  return inserted.length === 1
}

/** Takes over a claim whose process died; false when another request took it first. */
async function takeOver(db: Db, request: IdempotentRequest, seen: Date, now: Date): Promise<boolean> {
  const updated = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(and(matches(request), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, seen)))
    .returning({ key: idempotencyKeys.key })
  return updated.length === 1
}

/**
 * Claims the key for this request, or says why not. The primary key (user_id, key) makes one of
 * two concurrent claims win; the other sees the row and answers `in-progress`.
 */
export async function claimIdempotencyKey(
  db: Db,
  request: IdempotentRequest,
  now = new Date(),
): Promise<ClaimResult> {
  // Two rounds: the row may be purged between the failed insert and the read.
  for (let round = 0; round < 2; round += 1) {
    if (await tryInsert(db, request, now)) return { kind: 'claimed' }
    const [row] = await db.select().from(idempotencyKeys).where(matches(request))
    if (!row) continue
    if (row.route !== request.route) return { kind: 'other-route' }
    const stored = row.response as StoredResponse | null
    if (stored?.fingerprint !== request.fingerprint) return { kind: 'other-request' }
    if (row.statusCode !== null) return { kind: 'replay', statusCode: row.statusCode, body: stored.body }
    const stale = row.createdAt.getTime() < now.getTime() - STALE_CLAIM_MS
    if (stale && (await takeOver(db, request, row.createdAt, now))) return { kind: 'claimed' }
    return { kind: 'in-progress' }
  }
  return { kind: 'in-progress' }
}

/** Records the answer given for a claimed key. */
export async function completeIdempotencyKey(
  db: Db,
  request: IdempotentRequest,
  statusCode: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, response: { fingerprint: request.fingerprint, body } satisfies StoredResponse })
    .where(matches(request))
}

/** Forgets a claim (the handler failed with a 5xx: nothing was applied, a retry must run again). */
export async function releaseIdempotencyKey(db: Db, ref: IdempotencyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(matches(ref))
}

/** Housekeeping: keys older than 24 h are forgotten. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
}
