// Who may listen to whose live channels (issue #3, spec §6): a teleoperator only to its own;
// a manager to its own and to the users sharing one of its teams; an administrator to everyone.
import { and, eq, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Role } from '../../src/contracts/roles.ts'
import type { Db } from '../db/client.ts'
import { teamMembers } from '../db/schema.ts'

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
