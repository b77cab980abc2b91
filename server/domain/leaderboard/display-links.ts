// Display links (issue #14, docs/domain.md "Display links"): administrators create, list and revoke
// them. The token (32 random bytes, base64url) is returned once by `createDisplayLink` and stored only
// as its SHA-256; a revocation is announced on the bus so the link's sockets close at once, on every
// server process (server/live/protocol.ts re-checks them).
import { randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DisplayLink } from '../../../src/contracts/display-links.ts'
import type { Db } from '../../db/client.ts'
import { displayLinks, users } from '../../db/schema.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { admitAttempt, maxFailures, recordFailure, releaseAttempt } from '../../lib/failure-limits.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { hashId } from '../../lib/session-store.ts'
import type { Bus } from '../../live/bus-topics.ts'

const NOT_FOUND = 'Lien d’affichage introuvable.'

function columns() {
  return {
    id: displayLinks.id,
    name: displayLinks.name,
    createdAt: displayLinks.createdAt,
    revokedAt: displayLinks.revokedAt,
    lastUsedAt: displayLinks.lastUsedAt,
    createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  }
}

type Row = {
  id: number
  name: string
  createdAt: Date
  revokedAt: Date | null
  lastUsedAt: Date | null
  createdBy: string | null
}

function linkOf(row: Row): DisplayLink {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }
}

async function findLink(db: Db, id: number): Promise<DisplayLink | null> {
  const [row] = await db
    .select(columns())
    .from(displayLinks)
    .leftJoin(users, eq(users.id, displayLinks.createdBy))
    .where(eq(displayLinks.id, id))
  return row ? linkOf(row) : null
}

/** Links in force first, then revoked ones; newest first within each. */
export async function listDisplayLinks(db: Db): Promise<DisplayLink[]> {
  const rows = await db
    .select(columns())
    .from(displayLinks)
    .leftJoin(users, eq(users.id, displayLinks.createdBy))
    .orderBy(sql`${displayLinks.revokedAt} is not null`, desc(displayLinks.createdAt), desc(displayLinks.id))
  return rows.map(linkOf)
}

export async function createDisplayLink(
  db: Db,
  { name, createdBy }: { name: string; createdBy: number },
): Promise<{ link: DisplayLink; token: string }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(displayLinks)
    .values({ name, tokenHash: hashId(token), createdBy })
    .returning({ id: displayLinks.id })
  const link = await findLink(db, row!.id)
  return { link: link!, token }
}

/** Revokes a link (again: nothing changes); its screens lose the leaderboard at their next request. */
export async function revokeDisplayLink(
  db: Db,
  bus: Bus,
  { id, revokedBy }: { id: number; revokedBy: number },
): Promise<DisplayLink> {
  const [revoked] = await db
    .update(displayLinks)
    .set({ revokedAt: new Date(), revokedBy })
    .where(and(eq(displayLinks.id, id), isNull(displayLinks.revokedAt)))
    .returning({ tokenHash: displayLinks.tokenHash })
  // Its sockets are registered under the token's hash (server/live/hub.ts): re-checked, closed.
  if (revoked) await bus.publish('session-changed', { idHash: revoked.tokenHash })
  const link = await findLink(db, id)
  if (!link) throw errors.notFound(NOT_FOUND)
  return link
}

/** Wrong tokens per address (docs/domain.md "Display links"): 10 in 15 minutes, then 429. */
const exchangeRules = (ip: string) => [maxFailures(`display:ip:${addressBucketOf(ip)}`, 10, 15 * 60_000)]

const INVALID_LINK =
  'Ce lien d’affichage est invalide ou a été révoqué. Demandez-en un nouveau à un administrateur.'

/**
 * POST /api/display-session: the display a wall screen's token opens (`lookup` reads the live
 * links), under the per-address limit on wrong tokens; 404 DISPLAY_LINK_INVALID for a wrong one.
 */
export async function exchangeDisplayToken<D>(
  db: Db,
  lookup: (token: string) => Promise<D | null>,
  token: string,
  address: string,
): Promise<D> {
  const admission = await admitAttempt(db, exchangeRules(address))
  if ('retryAfterMs' in admission) throw errors.tooManyAttempts(admission.retryAfterMs)
  const { ticket } = admission
  try {
    const display = await lookup(token)
    if (!display) {
      await recordFailure(db, ticket)
      throw new HttpError(404, 'DISPLAY_LINK_INVALID', INVALID_LINK)
    }
    return display
  } finally {
    await releaseAttempt(db, ticket)
  }
}
