// Bulk actions on a selection of users (issue #12 "Users", docs/domain.md "Users (back office)"):
// deactivate, add to a team, assign to a mission. One transaction for the whole selection, one audit
// entry per user the action changed; a user the action leaves as they were gets no entry.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { BulkUsersBody, BulkUsersResult } from '../../../src/contracts/user-admin.ts'
import type { Db } from '../../db/client.ts'
import { missionUsers, missions, teamMembers, teams, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { userMessages, writeStatus } from './changes.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export const bulkMessages = {
  unknownUsers: 'Certains utilisateurs sélectionnés n’existent plus : rechargez la liste.',
  unknownMission: 'Mission inconnue ou archivée.',
} as const

/** The outcome, and the users whose rights or sessions the change moves (to publish, to sign out). */
export type BulkChange = BulkUsersResult & { changedUserIds: number[] }

type Row = {
  id: number
  status: 'ACTIVE' | 'INACTIVE'
  role: string
  version: number
  firstName: string
  lastName: string
}

async function lockSelection(tx: Tx, userIds: number[]): Promise<Row[]> {
  const rows = await tx
    .select({
      id: users.id,
      status: users.status,
      role: users.role,
      version: users.version,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(asc(users.id))
    .for('update')
  if (rows.length !== userIds.length)
    throw errors.invalid(bulkMessages.unknownUsers, { userIds: bulkMessages.unknownUsers })
  return rows
}

async function namesByUser(tx: Tx, kind: 'teams' | 'missions', userIds: number[]) {
  const rows =
    kind === 'teams'
      ? await tx
          .select({ userId: teamMembers.userId, name: teams.name })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(inArray(teamMembers.userId, userIds))
          .orderBy(asc(teams.name))
      : await tx
          .select({ userId: missionUsers.userId, name: missions.name })
          .from(missionUsers)
          .innerJoin(missions, eq(missions.id, missionUsers.missionId))
          .where(inArray(missionUsers.userId, userIds))
          .orderBy(asc(missions.name))
  const names = new Map<number, string[]>()
  for (const row of rows) names.set(row.userId, [...(names.get(row.userId) ?? []), row.name])
  return (userId: number) => (names.get(userId) ?? []).join(', ')
}

/** Adds the selection to a team or a mission; members already there are left as they are. */
async function join(
  tx: Tx,
  actorId: number,
  rows: Row[],
  kind: 'teams' | 'missions',
  targetId: number,
): Promise<number[]> {
  const ids = rows.map((row) => row.id)
  const before = await namesByUser(tx, kind, ids)
  const added =
    kind === 'teams'
      ? await tx
          .insert(teamMembers)
          .values(
            rows.map((row) => ({ teamId: targetId, userId: row.id, isManager: row.role === 'MANAGER' })),
          )
          .onConflictDoNothing()
          .returning({ userId: teamMembers.userId })
      : await tx
          .insert(missionUsers)
          .values(rows.map((row) => ({ missionId: targetId, userId: row.id })))
          .onConflictDoNothing()
          .returning({ userId: missionUsers.userId })
  const changed = added.map((row) => row.userId)
  if (changed.length === 0) return []
  const after = await namesByUser(tx, kind, changed)
  for (const row of rows.filter((candidate) => changed.includes(candidate.id))) {
    await tx
      .update(users)
      .set({ version: row.version + 1, updatedAt: new Date() })
      .where(eq(users.id, row.id))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'user',
      entityId: row.id,
      action: 'update',
      before: kind === 'teams' ? { teams: before(row.id) } : { missions: before(row.id) },
      after: kind === 'teams' ? { teams: after(row.id) } : { missions: after(row.id) },
    })
    // The mission's own history shows it too, as the assignments screens write it.
    if (kind === 'missions')
      await recordAudit(tx, {
        userId: actorId,
        entity: 'mission',
        entityId: targetId,
        action: 'assign',
        after: { userId: row.id, user: personName(row) },
      })
  }
  return changed
}

export async function bulkUsers(db: Db, actorId: number, body: BulkUsersBody): Promise<BulkChange> {
  const userIds = [...new Set(body.userIds)]
  if (body.action === 'deactivate' && userIds.includes(actorId))
    throw errors.conflict(userMessages.selfDeactivation)
  const changedUserIds = await db.transaction(async (tx) => {
    if (body.action === 'add-to-team') {
      const [team] = await tx
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, body.teamId), isNull(teams.archivedAt)))
      if (!team) throw errors.invalid(messages.unknownTeam, { teamId: messages.unknownTeam })
    }
    if (body.action === 'assign-to-mission') {
      const [mission] = await tx
        .select({ id: missions.id })
        .from(missions)
        .where(and(eq(missions.id, body.missionId), isNull(missions.archivedAt)))
      if (!mission)
        throw errors.invalid(bulkMessages.unknownMission, { missionId: bulkMessages.unknownMission })
    }
    const rows = await lockSelection(tx, userIds)
    switch (body.action) {
      case 'deactivate': {
        const active = rows.filter((row) => row.status === 'ACTIVE')
        for (const row of active) await writeStatus(tx, actorId, row, 'INACTIVE')
        return active.map((row) => row.id)
      }
      case 'add-to-team':
        return join(tx, actorId, rows, 'teams', body.teamId)
      case 'assign-to-mission':
        return join(tx, actorId, rows, 'missions', body.missionId)
    }
  })
  return {
    changed: changedUserIds.length,
    unchanged: userIds.length - changedUserIds.length,
    changedUserIds,
  }
}
