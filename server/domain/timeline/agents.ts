// The agents whose timeline a reader may open (GET /api/timeline/agents; issue #14): the lead-handling
// users among those the reader may follow (server/domain/access/live-access.ts: a manager themself and the
// members of the teams they manage, an administrator everyone), inactive ones included (their past days).
import { and, asc, inArray } from 'drizzle-orm'
import { LEAD_HANDLING_ROLES } from '../../../src/contracts/roles.ts'
import type { TimelineAgent } from '../../../src/contracts/timeline.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { readableUsers, type Viewer } from '../access/live-access.ts'

export async function timelineAgents(db: Db, reader: Viewer): Promise<TimelineAgent[]> {
  const readable = await readableUsers(db, reader)
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, [...LEAD_HANDLING_ROLES]),
        readable === 'everyone' ? undefined : inArray(users.id, [...readable]),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
}
