// A team's members and managers (issue #12, docs/domain.md "Teams"): set operations (adding a member
// twice or removing a non-member changes nothing and records nothing), each change audited in its
// transaction under the team's row lock. They do not move the team's version, which covers the
// team's own fields (name, archived): a rename never conflicts with a membership change.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { teamMembers, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { ADMIN_READER, lockTeam, teamMessages, type TeamChange } from './changes.ts'
import { getTeam } from './reads.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export const memberMessages = {
  notMember: 'Cet utilisateur n’est pas membre de l’équipe : ajoutez-le d’abord.',
  managerRole: 'Seul un utilisateur au rôle Manager peut être manager d’une équipe.',
} as const

async function openTeam(tx: Tx, teamId: number) {
  const row = await lockTeam(tx, teamId)
  if (row.archivedAt) throw errors.conflict(teamMessages.archived)
  return row
}

async function userOf(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw errors.notFound(messages.userNotFound)
  return { ...user, member: personName(user) }
}

export async function addMember(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number,
): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    await openTeam(tx, teamId)
    const user = await userOf(tx, userId)
    const added = await tx.insert(teamMembers).values({ teamId, userId }).onConflictDoNothing().returning()
    if (added.length > 0)
      await recordAudit(tx, {
        userId: actorId,
        entity: 'team',
        entityId: teamId,
        action: 'member-add',
        after: { userId, member: user.member },
      })
    return { team: await getTeam(tx, ADMIN_READER, teamId), affectedUserIds: added.length ? [userId] : [] }
  })
}

export async function removeMember(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number,
): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    await openTeam(tx, teamId)
    const user = await userOf(tx, userId)
    const [removed] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning()
    if (removed)
      await recordAudit(tx, {
        userId: actorId,
        entity: 'team',
        entityId: teamId,
        action: 'member-remove',
        before: { userId, member: user.member, isManager: removed.isManager },
      })
    return { team: await getTeam(tx, ADMIN_READER, teamId), affectedUserIds: removed ? [userId] : [] }
  })
}

/** Makes a member one of the team's managers, or not; only MANAGER-role users may be made one. */
export async function setManager(
  db: Db,
  actorId: number,
  teamId: number,
  userId: number,
  isManager: boolean,
): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    await openTeam(tx, teamId)
    const user = await userOf(tx, userId)
    const where = and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId))
    const [membership] = await tx.select().from(teamMembers).where(where)
    if (!membership) throw errors.conflict(memberMessages.notMember)
    if (isManager && user.role !== 'MANAGER') throw errors.conflict(memberMessages.managerRole)
    const changed = membership.isManager !== isManager
    if (changed) {
      await tx.update(teamMembers).set({ isManager }).where(where)
      await recordAudit(tx, {
        userId: actorId,
        entity: 'team',
        entityId: teamId,
        action: isManager ? 'manager-set' : 'manager-unset',
        before: { userId, member: user.member, isManager: !isManager },
        after: { userId, member: user.member, isManager },
      })
    }
    return { team: await getTeam(tx, ADMIN_READER, teamId), affectedUserIds: changed ? [userId] : [] }
  })
}
