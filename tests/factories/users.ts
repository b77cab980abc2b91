// User fixtures. The password hash is computed once per test process (scrypt is deliberately slow).
import type { Db } from '../../server/db/client.ts'
import { teamMembers, teams, users } from '../../server/db/schema.ts'
import { hashPassword } from '../../server/lib/passwords.ts'
import type { Role, UserStatus } from '../../src/contracts/roles.ts'
import { TEST_PASSWORD } from '../setup/agent.ts'

let hash: Promise<string> | undefined

export type UserFixture = { email?: string; role?: Role; status?: UserStatus; aircallId?: number | null }

let counter = 0

export async function insertUser(db: Db, fixture: UserFixture = {}) {
  hash ??= hashPassword(TEST_PASSWORD)
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
      passwordHash: await hash,
    })
    .returning()
  return row!
}

export async function insertTeam(db: Db, name: string, userIds: number[]) {
  const [team] = await db.insert(teams).values({ name }).returning()
  if (userIds.length)
    await db.insert(teamMembers).values(userIds.map((userId) => ({ teamId: team!.id, userId })))
  return team!
}
