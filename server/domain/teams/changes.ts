// Changing teams (issue #12, docs/domain.md "Teams"): create, rename, archive and restore, each in one
// transaction with its audit entry; rename, archive and restore carry the version they were made
// from (server/lib/optimistic-concurrency.ts). Team names are unique without case or accents.
import { eq, inArray, sql } from 'drizzle-orm'
import type { CreateTeamBody, RenameTeamBody } from '../../../src/contracts/team-form.ts'
import type { Team } from '../../../src/contracts/teams.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { teamMembers, teams, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { getTeam, TEAM_NOT_FOUND } from './reads.ts'
import { personName } from '../../../src/contracts/person-name.ts'

/** Reads a team whatever its members: the writes below are for administrators only. */
export const ADMIN_READER = { id: 0, role: 'ADMIN' } as const

export const teamMessages = {
  nameTaken: 'Une équipe porte déjà ce nom.',
  archived: 'Cette équipe est archivée : restaurez-la pour la modifier.',
  alreadyArchived: 'Cette équipe est déjà archivée.',
  notArchived: 'Cette équipe n’est pas archivée.',
} as const

/** A team changed by an administrator, and the users whose rights the change may move. */
export type TeamChange = { team: Team; affectedUserIds: number[] }

/** The team's row, locked until the transaction ends (serialises changes of one team); 404 if none. */
export async function lockTeam(tx: Tx, id: number) {
  const [row] = await tx.select().from(teams).where(eq(teams.id, id)).for('update')
  if (!row) throw errors.notFound(TEAM_NOT_FOUND)
  return row
}

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(sql`app_fold(${teams.name}) = app_fold(${name})`)
  if (row && row.id !== exceptId) throw errors.conflict(teamMessages.nameTaken)
}

/** Two administrators naming two teams alike at once: the unique index decides, with the same 409. */
async function uniqueName<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change()
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict(teamMessages.nameTaken)
    throw error
  }
}

export async function createTeam(db: Db, actorId: number, { name }: CreateTeamBody): Promise<Team> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, name)
      const [row] = await tx.insert(teams).values({ name }).returning({ id: teams.id })
      await recordAudit(tx, {
        userId: actorId,
        entity: 'team',
        entityId: row!.id,
        action: 'create',
        after: { name },
      })
      return getTeam(tx, ADMIN_READER, row!.id)
    }),
  )
}

export async function renameTeam(db: Db, actorId: number, id: number, body: RenameTeamBody): Promise<Team> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const row = await lockTeam(tx, id)
      await assertVersion(row.version, body.version, () => getTeam(tx, ADMIN_READER, id))
      if (row.archivedAt) throw errors.conflict(teamMessages.archived)
      if (row.name !== body.name) {
        await assertNameFree(tx, body.name, id)
        await tx
          .update(teams)
          .set({ name: body.name, version: row.version + 1, updatedAt: new Date() })
          .where(eq(teams.id, id))
        await recordAudit(tx, {
          userId: actorId,
          entity: 'team',
          entityId: id,
          action: 'update',
          before: { name: row.name },
          after: { name: body.name },
        })
      }
      return getTeam(tx, ADMIN_READER, id)
    }),
  )
}

/**
 * Archives a team: its members leave it in the same transaction (recorded in the entry), so an
 * archived team gives nobody rights; restoring it brings the team back empty.
 */
export async function archiveTeam(db: Db, actorId: number, id: number, version: number): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, id)
    await assertVersion(row.version, version, () => getTeam(tx, ADMIN_READER, id))
    if (row.archivedAt) throw errors.conflict(teamMessages.alreadyArchived)
    const removed = await tx
      .delete(teamMembers)
      .where(eq(teamMembers.teamId, id))
      .returning({ userId: teamMembers.userId })
    const names = await memberNames(
      tx,
      removed.map((member) => member.userId),
    )
    await tx
      .update(teams)
      .set({ archivedAt: new Date(), version: row.version + 1, updatedAt: new Date() })
      .where(eq(teams.id, id))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'team',
      entityId: id,
      action: 'archive',
      before: { archived: false, members: names },
      after: { archived: true, members: '' },
    })
    return {
      team: await getTeam(tx, ADMIN_READER, id),
      affectedUserIds: removed.map((member) => member.userId),
    }
  })
}

export async function restoreTeam(db: Db, actorId: number, id: number, version: number): Promise<Team> {
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, id)
    await assertVersion(row.version, version, () => getTeam(tx, ADMIN_READER, id))
    if (!row.archivedAt) throw errors.conflict(teamMessages.notArchived)
    await tx
      .update(teams)
      .set({ archivedAt: null, version: row.version + 1, updatedAt: new Date() })
      .where(eq(teams.id, id))
    await recordAudit(tx, {
      userId: actorId,
      entity: 'team',
      entityId: id,
      action: 'restore',
      before: { archived: true },
      after: { archived: false },
    })
    return getTeam(tx, ADMIN_READER, id)
  })
}

/** "Prénom Nom, Prénom Nom" of the given users, for an audit entry. */
async function memberNames(tx: Tx, userIds: number[]): Promise<string> {
  if (userIds.length === 0) return ''
  const rows = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, userIds))
    .orderBy(users.lastName, users.firstName)
  return rows.map((row) => personName(row)).join(', ')
}
