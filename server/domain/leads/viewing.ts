// Which lead sheet a user views, as another user may know it (GET /api/user/{id}/viewing-lead;
// docs/domain.md "Leads", Viewing).
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { leads, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'
import { mayReadLead } from './access.ts'
import { assertReadableUser, type Viewer } from '../access/live-access.ts'

/**
 * The sheet `userId` views, as `reader` may know it (GET /api/user/{id}/viewing-lead): oneself; a
 * manager, the users of their teams; an administrator, anyone (live-access rule). A lead the reader
 * may not see is not named (server/domain/leads/access.ts): no lead, then.
 */
export async function viewingLeadOf(db: Db, reader: Viewer, userId: number) {
  await assertReadableUser(db, reader, userId)
  const [row] = await db
    .select({ viewingLeadId: users.viewingLeadId, uuid: leads.uuid })
    .from(users)
    .leftJoin(leads, eq(leads.id, users.viewingLeadId))
    .where(eq(users.id, userId))
  if (!row) throw errors.notFound(messages.userNotFound)
  const lead =
    row.viewingLeadId !== null && row.uuid && (await mayReadLead(db, reader, row.viewingLeadId))
      ? { id: row.viewingLeadId, uuid: row.uuid }
      : null
  return { viewingLeadId: lead?.id ?? null, lead }
}
