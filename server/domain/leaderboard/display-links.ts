// Display links (issue #14, docs/domain.md "Display links"): administrators create, list and revoke
// them, centre-wide or bound to a team; a manager (issue #31) only those bound to a team they manage
// (team_members.is_manager), any other link answering as one that does not exist. The token (32
// random bytes, base64url) is returned once by `createDisplayLink` and stored only as its SHA-256; a revocation is announced on the bus so the link's sockets close at once, on every
// server process (server/live/protocol.ts re-checks them).
import { randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DisplayLink } from '../../../src/contracts/display-links.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { displayLinks, teamMembers, teams, users } from '../../db/schema.ts'
import { addressBucketOf } from '../../lib/address-bucket.ts'
import { admitAttempt, maxFailures, recordFailure, releaseAttempt } from '../../lib/failure-limits.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { hashId } from '../../lib/session-store.ts'
import type { Bus } from '../../live/bus-topics.ts'
import type { Viewer } from '../access/live-access.ts'

const NOT_FOUND = 'Lien d’affichage introuvable.'
const TEAM_REQUIRED = 'Choisissez l’équipe dont l’écran affichera le classement.'
const NOT_YOUR_TEAM = 'Vous ne pouvez créer un lien d’affichage que pour une équipe que vous encadrez.'
const TEAM_NOT_FOUND = 'Équipe introuvable.'

/** The links a viewer may see and revoke: all for an administrator, their teams' for a manager. */
function visibleTo(viewer: Viewer) {
  if (viewer.role === 'ADMIN') return sql`true`
  return sql`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${displayLinks.teamId}
    and ${teamMembers.userId} = ${viewer.id} and ${teamMembers.isManager})`
}

function columns() {
  return {
    id: displayLinks.id,
    name: displayLinks.name,
    teamId: displayLinks.teamId,
    teamName: teams.name,
    createdAt: displayLinks.createdAt,
    revokedAt: displayLinks.revokedAt,
    lastUsedAt: displayLinks.lastUsedAt,
    createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  }
}

type Row = {
  id: number
  name: string
  teamId: number | null
  teamName: string | null
  createdAt: Date
  revokedAt: Date | null
  lastUsedAt: Date | null
  createdBy: string | null
}

function linkOf(row: Row): DisplayLink {
  return {
    id: row.id,
    name: row.name,
    team: row.teamId === null ? null : { id: row.teamId, name: row.teamName ?? '' },
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
    .leftJoin(teams, eq(teams.id, displayLinks.teamId))
    .where(eq(displayLinks.id, id))
  return row ? linkOf(row) : null
}

/** Links in force first, then revoked ones; newest first within each. */
export async function listDisplayLinks(db: Db, viewer: Viewer): Promise<DisplayLink[]> {
  const rows = await db
    .select(columns())
    .from(displayLinks)
    .leftJoin(users, eq(users.id, displayLinks.createdBy))
    .leftJoin(teams, eq(teams.id, displayLinks.teamId))
    .where(visibleTo(viewer))
    .orderBy(sql`${displayLinks.revokedAt} is not null`, desc(displayLinks.createdAt), desc(displayLinks.id))
  return rows.map(linkOf)
}

/** On the team `t`: the viewer may bind a link to it (an administrator, or one of its managers). */
function mayBindTo(viewer: Viewer) {
  if (viewer.role === 'ADMIN') return sql`true`
  return sql`exists (select 1 from ${teamMembers} tm where tm.team_id = t.id and tm.user_id = ${viewer.id}
    and tm.is_manager)`
}

/** The teams a viewer may bind a link to: not archived, and managed by them unless an administrator. */
export async function displayLinkTeams(db: Db, viewer: Viewer): Promise<{ id: number; name: string }[]> {
  const rows = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select t.id, t.name from ${teams} t where t.archived_at is null
      and ${mayBindTo(viewer)} order by app_fold(t.name), t.id`),
  )
  return rows.map((row) => ({ id: Number(row.id), name: row.name }))
}

/**
 * A manager must name a team they manage (403 otherwise, whether or not it exists); an administrator
 * any team not archived (404 otherwise), or none (the whole centre). The team is checked in the
 * insert itself, so a team archived or a manager removed meanwhile inserts nothing.
 */
export async function createDisplayLink(
  db: Db,
  viewer: Viewer,
  { name, teamId }: { name: string; teamId: number | null },
): Promise<{ link: DisplayLink; token: string }> {
  if (teamId === null && viewer.role !== 'ADMIN')
    throw errors.invalid(TEAM_REQUIRED, { teamId: TEAM_REQUIRED })
  const token = randomBytes(32).toString('base64url')
  const values = { name, tokenHash: hashId(token), createdBy: viewer.id, teamId }
  const [row] =
    teamId === null
      ? await db.insert(displayLinks).values(values).returning({ id: displayLinks.id })
      : rowsOf<{ id: number }>(
          await db.execute(sql`insert into ${displayLinks} (name, token_hash, created_by, team_id)
            select ${name}, ${values.tokenHash}, ${viewer.id}, t.id from ${teams} t
            where t.id = ${teamId} and t.archived_at is null and ${mayBindTo(viewer)}
            returning id`),
        )
  if (!row) {
    if (viewer.role !== 'ADMIN') throw errors.forbidden(NOT_YOUR_TEAM)
    throw errors.notFound(TEAM_NOT_FOUND)
  }
  const link = await findLink(db, Number(row.id))
  return { link: link!, token }
}

/**
 * Revokes a link (again: nothing changes); its screens lose the leaderboard at their next request. A
 * link the viewer may not see (another team's, a centre-wide one for a manager) answers 404.
 */
export async function revokeDisplayLink(db: Db, bus: Bus, viewer: Viewer, id: number): Promise<DisplayLink> {
  const [revoked] = await db
    .update(displayLinks)
    .set({ revokedAt: new Date(), revokedBy: viewer.id })
    .where(and(eq(displayLinks.id, id), isNull(displayLinks.revokedAt), visibleTo(viewer)))
    .returning({ tokenHash: displayLinks.tokenHash })
  // Its sockets are registered under the token's hash (server/live/hub.ts): re-checked, closed.
  if (revoked) await bus.publish('session-changed', { idHash: revoked.tokenHash })
  const [visible] = await db
    .select({ id: displayLinks.id })
    .from(displayLinks)
    .where(and(eq(displayLinks.id, id), visibleTo(viewer)))
  const link = visible ? await findLink(db, id) : null
  if (!link) throw errors.notFound(NOT_FOUND)
  return link
}

/** Wrong tokens per address (docs/domain.md "Display links"): 10 in 15 minutes, then 429. */
const exchangeRules = (ip: string) => [maxFailures(`display:ip:${addressBucketOf(ip)}`, 10, 15 * 60_000)]

const INVALID_LINK =
  'Ce lien d’affichage est invalide ou a été révoqué. Demandez-en un nouveau à votre manager ou à un administrateur.'

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
