// User fixtures. The password hash is computed once per test process, at a test-only scrypt cost:
// verification reads the cost stored in the hash, so sign-ins in tests take milliseconds instead of
// the production cost's hundreds (the server itself always hashes at full cost).
import { inArray } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import { teamMembers, teams, users } from '../../server/db/schema.ts'
import { hashPassword } from '../../server/lib/passwords.ts'
import type { Role, UserStatus } from '../../src/contracts/roles.ts'
import { TEST_PASSWORD } from '../setup/agent.ts'

let hash: Promise<string> | undefined

/** Cheap scrypt parameters for fixtures only. */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 } as const

export type UserFixture = { email?: string; role?: Role; status?: UserStatus; aircallId?: number | null }

let counter = 0

export async function insertUser(db: Db, fixture: UserFixture = {}) {
  const passwordHash = await testPasswordHash()
  counter += 1
  const [row] = await db
    .insert(users)
    .values({
      email: fixture.email ?? `user${counter}@test.fr`,
      firstName: 'Camille',
      lastName: `Martin${counter}`,
      role: fixture.role ?? 'TELEOPERATOR',
      status: fixture.status ?? 'ACTIVE',
      aircallId: fixture.aircallId === undefined ? 1000 + counter : fixture.aircallId,
      passwordHash,
    })
    .returning()
  return row!
}

/** A team of `userIds`; its MANAGER-role members manage it (team_members.is_manager). */
export async function insertTeam(db: Db, name: string, userIds: number[]) {
  const [team] = await db.insert(teams).values({ name }).returning()
  if (userIds.length) {
    const members = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(inArray(users.id, userIds))
    await db.insert(teamMembers).values(
      members.map((member) => ({
        teamId: team!.id,
        userId: member.id,
        isManager: member.role === 'MANAGER',
      })),
    )
  }
  return team!
}

/** The hash of TEST_PASSWORD that fixtures store (computed once). */
export function testPasswordHash(): Promise<string> {
  hash ??= hashPassword(TEST_PASSWORD, TEST_SCRYPT)
  return hash
}
