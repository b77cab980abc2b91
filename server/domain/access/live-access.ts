// Who may listen to whose live channels (issue #3, spec §6): a teleoperator only to its own;
// a manager to its own and to the users sharing one of its teams; an administrator to everyone.
// The same rule decides whose timeline, progress, activity and viewed lead one reads, and a user one
// may not read answers exactly like one that does not exist (issue #26, `assertReadableUser`).
import { and, eq, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { LiveChannelKind, ParsedChannel } from '../../../src/contracts/live-core.ts'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import { teamMembers } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'

export type Viewer = { id: number; role: Role }

/** The users whose channels a viewer may read: everyone, or an explicit set. */
export type Readable = 'everyone' | ReadonlySet<number>

export async function readableUsers(db: Db, viewer: Viewer): Promise<Readable> {
  if (viewer.role === 'ADMIN') return 'everyone'
  if (viewer.role !== 'MANAGER') return new Set([viewer.id])
  const mine = alias(teamMembers, 'mine')
  const rows = await db
    .selectDistinct({ userId: teamMembers.userId })
    .from(mine)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, mine.teamId), ne(teamMembers.userId, viewer.id)))
    // Issue #12: the teams the viewer manages (team_members.is_manager).
    .where(and(eq(mine.userId, viewer.id), eq(mine.isManager, true)))
  return new Set([viewer.id, ...rows.map((row) => row.userId)])
}

export function canRead(readable: Readable, userId: number): boolean {
  return readable === 'everyone' || readable.has(userId)
}

/**
 * 404 "Utilisateur introuvable." when `viewer` may not read `userId`: the answer of a user that does
 * not exist (issue #26: no status tells a manager that someone outside their teams exists). What
 * follows still answers the same 404 for an id nobody has (an administrator reads every id).
 */
export async function assertReadableUser(db: Db, viewer: Viewer, userId: number): Promise<void> {
  if (!canRead(await readableUsers(db, viewer), userId)) throw errors.notFound(messages.userNotFound)
}

/**
 * Channels only their own user reads, whatever the viewer may read of others (issue #13: an
 * import's progress goes to every administrator, each on their own `user:{id}:importProgress`).
 */
const OWN_CHANNEL_ROLES: Partial<Record<LiveChannelKind, readonly Role[]>> = {
  importProgress: ['ADMIN'],
  // Issue #14: the activity of the agents one reads (server/live/hub.ts filters each signal).
  activity: ['ADMIN', 'MANAGER'],
}

/**
 * canRead, with the kinds of channel only their own user of the given roles reads, and the broadcast
 * channels (issue #14: `leaderboard`), which every signed-in user reads.
 */
export function canReadChannel(readable: Readable, channel: ParsedChannel, viewer: Viewer): boolean {
  if (channel.userId === null) return true
  const roles = OWN_CHANNEL_ROLES[channel.kind]
  if (roles) return channel.userId === viewer.id && roles.includes(viewer.role)
  return canRead(readable, channel.userId)
}

/**
 * Issue #14, docs/domain.md "Display links": a display link's socket reads the leaderboard's channel
 * and nothing else.
 */
export function canDisplayReadChannel(channel: ParsedChannel): boolean {
  return channel.kind === 'leaderboard'
}
