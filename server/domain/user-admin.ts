// User administration rules: unique e-mail (case-insensitive), existing teams, status changes.
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { CreateUserBody, UpdateUserBody, User } from '../../src/contracts/user.ts'
import type { UserStatus } from '../../src/contracts/roles.ts'
import { isUniqueViolation, type Db } from '../db/client.ts'
import { teamMembers, teams, users } from '../db/schema.ts'
import { errors } from '../lib/http-error.ts'
import { hashPassword } from '../lib/passwords.ts'
import { loadUsers } from './users.ts'
import { deleteUserSubscriptions } from '../push/subscriptions.ts'
import { messages } from '../lib/messages.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const emailTaken = () => errors.conflict('Cette adresse e-mail est déjà utilisée.')

async function assertEmailFree(tx: Tx, email: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (row && row.id !== exceptId) throw emailTaken()
}

/**
 * The user's teams become `teamIds`: memberships kept stay as they are (their manager flag too),
 * removed ones go, new ones are added; a MANAGER joins as the team's manager (issue #12). Archived
 * teams take no one (docs/domain.md "Teams").
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

/** Unique-violation from either driver, when two admins create the same e-mail at once. */
export async function createUser(db: Db, body: CreateUserBody): Promise<User> {
  // Nobody knows this password: the user sets theirs through the welcome link.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'))
  try {
    const id = await db.transaction(async (tx) => {
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
        .returning({ id: users.id })
      await setTeams(tx, row!.id, body.teamIds ?? [])
      return row!.id
    })
    return await getUser(db, id)
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

export async function updateUser(db: Db, id: number, body: UpdateUserBody): Promise<User> {
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id))
      if (!existing) throw errors.notFound(messages.userNotFound)
      if (body.email) await assertEmailFree(tx, body.email, id)
      const { teamIds, ...fields } = body
      await tx
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(users.id, id))
      if (teamIds) await setTeams(tx, id, teamIds)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  return getUser(db, id)
}

/** Activates or deactivates a user; an administrator never deactivates their own account. */
export async function changeUserStatus(
  db: Db,
  actor: { id: number },
  id: number,
  status: UserStatus,
): Promise<User> {
  if (status === 'INACTIVE' && id === actor.id)
    throw errors.conflict('Vous ne pouvez pas désactiver votre propre compte.')
  return setUserStatus(db, id, status)
}

export async function setUserStatus(db: Db, id: number, status: UserStatus): Promise<User> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
    // Deactivated: no browser alerts them any more (docs/domain.md "Alerts (push)"); their sessions
    // end right after (routes/users).
    if (updated && status === 'INACTIVE') await deleteUserSubscriptions(tx, id)
    return updated
  })
  if (!row) throw errors.notFound(messages.userNotFound)
  const [user] = await loadUsers(db, [row])
  return user!
}

export async function getUser(db: Db, id: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  if (!row) throw errors.notFound(messages.userNotFound)
  const [user] = await loadUsers(db, [row])
  return user!
}
