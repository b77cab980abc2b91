// User administration (issue #12 "Users", docs/domain.md "Users (back office)"): create, edit,
// activate/deactivate and link the Aircall account, each in one transaction with its audit entry.
// Edits carry the version they were made from (server/lib/optimistic-concurrency.ts); e-mails are
// unique without case (users_email_key).
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { AdminUser } from '../../../src/contracts/user-admin.ts'
import type { CreateUserBody, UpdateUserBody } from '../../../src/contracts/user-form.ts'
import type { UserStatus } from '../../../src/contracts/roles.ts'
import { isUniqueViolation, type Db } from '../../db/client.ts'
import { teamMembers, teams, users } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { deleteUserSubscriptions } from '../../push/subscriptions.ts'
import type { TelephonyProvider } from '../../telephony/provider.ts'
import { recordAudit, type Tx } from '../audit/trail.ts'
import { getAdminUser } from './reads.ts'

/** Reads any user: the writes below are for administrators only. */
const ADMIN_READER = { id: 0, role: 'ADMIN' } as const

export const userMessages = {
  emailTaken: 'Cette adresse e-mail est déjà utilisée.',
  selfDeactivation: 'Vous ne pouvez pas désactiver votre propre compte.',
  noAircallMatch: 'Aucun utilisateur Aircall n’a cette adresse e-mail.',
  aircallTaken: 'Ce compte Aircall est déjà relié à un autre utilisateur.',
} as const

/** 409 with the reason next to the e-mail field too. */
const emailTaken = () =>
  new HttpError(409, 'CONFLICT', userMessages.emailTaken, { fields: { email: userMessages.emailTaken } })

/** Two administrators saving the same e-mail at once: the unique index decides, with the same 409. */
async function uniqueEmail<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change()
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

async function assertEmailFree(tx: Tx, email: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (row && row.id !== exceptId) throw emailTaken()
}

/** The user's row, locked until the transaction ends; 404 if none. */
async function lockUser(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update')
  if (!row) throw errors.notFound(messages.userNotFound)
  return row
}

/** "Équipe A, Équipe B": the user's teams, for an audit entry. */
export async function teamNames(tx: Tx, userId: number): Promise<string> {
  const rows = await tx
    .select({ name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name))
  return rows.map((row) => row.name).join(', ')
}

/**
 * The user's teams become `teamIds`: memberships kept stay as they are (their manager flag too),
 * removed ones go, new ones are added; a MANAGER joins as the team's manager. Archived teams take no
 * one (docs/domain.md "Teams").
 */
async function setTeams(tx: Tx, userId: number, teamIds: number[]) {
  const unique = [...new Set(teamIds)]
  if (unique.length > 0) {
    const found = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(inArray(teams.id, unique), isNull(teams.archivedAt)))
    if (found.length !== unique.length)
      throw errors.invalid(messages.unknownTeam, { teamIds: messages.unknownTeam })
  }
  const current = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
  const removed = current.map((row) => row.teamId).filter((id) => !unique.includes(id))
  const added = unique.filter((id) => !current.some((row) => row.teamId === id))
  if (removed.length > 0)
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, removed)))
  if (added.length === 0) return
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId))
  await tx
    .insert(teamMembers)
    .values(added.map((teamId) => ({ teamId, userId, isManager: user?.role === 'MANAGER' })))
}

/** Creates an active (unless told) user whose password nobody knows: they choose it from the welcome link. */
export async function createUser(
  db: Db,
  body: CreateUserBody,
  actorId: number | null = null,
): Promise<AdminUser> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'))
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, body.email)
      const [row] = await tx
        .insert(users)
        .values({
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          role: body.role,
          status: body.status ?? 'ACTIVE',
          aircallId: body.aircallId ?? null,
          passwordHash,
        })
        .returning()
      await setTeams(tx, row!.id, body.teamIds ?? [])
      await recordAudit(tx, {
        userId: actorId,
        entity: 'user',
        entityId: row!.id,
        action: 'create',
        after: {
          firstName: row!.firstName,
          lastName: row!.lastName,
          email: row!.email,
          role: row!.role,
          status: row!.status,
          aircallId: row!.aircallId,
          teams: await teamNames(tx, row!.id),
        },
      })
      return getAdminUser(tx, ADMIN_READER, row!.id)
    }),
  )
}

const EDITABLE = ['firstName', 'lastName', 'email', 'role', 'aircallId'] as const

export async function updateUser(
  db: Db,
  actorId: number,
  id: number,
  body: UpdateUserBody,
): Promise<AdminUser> {
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      const row = await lockUser(tx, id)
      await assertVersion(row.version, body.version, () => getAdminUser(tx, ADMIN_READER, id))
      type Audited = Partial<Record<(typeof EDITABLE)[number] | 'teams', string | number | null>>
      const before: Audited = {}
      const after: Audited = {}
      const changes: Partial<Pick<typeof row, (typeof EDITABLE)[number]>> = {}
      for (const key of EDITABLE) {
        const value = body[key]
        if (value === undefined || value === row[key]) continue
        before[key] = row[key]
        after[key] = value
        Object.assign(changes, { [key]: value })
      }
      if (body.email !== undefined && 'email' in changes) await assertEmailFree(tx, body.email, id)
      const teamsBefore = await teamNames(tx, id)
      if (body.teamIds) await setTeams(tx, id, body.teamIds)
      const teamsAfter = await teamNames(tx, id)
      if (teamsAfter !== teamsBefore) {
        before.teams = teamsBefore
        after.teams = teamsAfter
      }
      if (Object.keys(after).length > 0) {
        await tx
          .update(users)
          .set({ ...changes, version: row.version + 1, updatedAt: new Date() })
          .where(eq(users.id, id))
        await recordAudit(tx, {
          userId: actorId,
          entity: 'user',
          entityId: id,
          action: 'update',
          before,
          after,
        })
      }
      return getAdminUser(tx, ADMIN_READER, id)
    }),
  )
}

/**
 * Activates or deactivates a user; an administrator never deactivates their own account. With a
 * version, a stale one is refused (409 STALE_VERSION); setting the status a user already has changes
 * nothing and writes no entry.
 */
export async function changeUserStatus(
  db: Db,
  actor: { id: number },
  id: number,
  status: UserStatus,
  version?: number,
): Promise<AdminUser> {
  if (status === 'INACTIVE' && id === actor.id) throw errors.conflict(userMessages.selfDeactivation)
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id)
    if (version !== undefined)
      await assertVersion(row.version, version, () => getAdminUser(tx, ADMIN_READER, id))
    if (row.status !== status) await writeStatus(tx, actor.id, row, status)
    return getAdminUser(tx, ADMIN_READER, id)
  })
}

/** The status change itself, its audit entry and, on deactivation, the end of browser alerts. */
export async function writeStatus(
  tx: Tx,
  actorId: number,
  row: { id: number; status: UserStatus; version: number },
  status: UserStatus,
) {
  await tx
    .update(users)
    .set({ status, version: row.version + 1, updatedAt: new Date() })
    .where(eq(users.id, row.id))
  // Deactivated: no browser alerts them any more (docs/domain.md "Alerts (push)"); their sessions
  // end right after (routes/users).
  if (status === 'INACTIVE') await deleteUserSubscriptions(tx, row.id)
  await recordAudit(tx, {
    userId: actorId,
    entity: 'user',
    entityId: row.id,
    action: status === 'ACTIVE' ? 'activate' : 'deactivate',
    before: { status: row.status },
    after: { status },
  })
}

export async function getUser(db: Db, id: number): Promise<AdminUser> {
  return getAdminUser(db, ADMIN_READER, id)
}

/**
 * Ties a user to an Aircall user (administrators): the id chosen among the provider's users, else the
 * provider's user with the same e-mail (case-insensitive). One Aircall account belongs to one user.
 */
export async function linkAircallAccount(
  db: Db,
  provider: TelephonyProvider,
  actorId: number,
  id: number,
  requested: number | undefined,
): Promise<AdminUser> {
  const [target] = await db.select().from(users).where(eq(users.id, id))
  if (!target) throw errors.notFound(messages.userNotFound)
  let aircallId = requested
  if (aircallId === undefined) {
    const email = target.email.toLowerCase()
    const match = (await provider.listUsers()).find((u) => u.email.toLowerCase() === email)
    if (!match) throw errors.notFound(userMessages.noAircallMatch)
    aircallId = match.id
  }
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id)
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.aircallId, aircallId), ne(users.id, id)))
    if (taken) throw errors.conflict(userMessages.aircallTaken)
    if (row.aircallId !== aircallId) {
      await tx
        .update(users)
        .set({ aircallId, version: row.version + 1, updatedAt: new Date() })
        .where(eq(users.id, id))
      await recordAudit(tx, {
        userId: actorId,
        entity: 'user',
        entityId: id,
        action: 'link-aircall',
        before: { aircallId: row.aircallId },
        after: { aircallId },
      })
    }
    return getAdminUser(tx, ADMIN_READER, id)
  })
}
