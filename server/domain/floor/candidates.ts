// Who may be a virtual teleoperator of the simulated floor (issue #15): an active teleoperator or
// manager linked to the telephony — exactly who may place calls from the agent screen.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { personName } from '../../../src/contracts/person-name.ts'

export async function floorCandidates(db: Db) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        inArray(users.role, ['TELEOPERATOR', 'MANAGER']),
        isNotNull(users.aircallId),
      ),
    )
    .orderBy(asc(users.id))
  return rows.map((r) => ({ id: r.id, name: personName(r), role: r.role }))
}
