// Freeing the leads a user holds (POST /api/users/unassign-lead-from-user; docs/domain.md "Leads"):
// oneself, a manager the users of their teams, an administrator anyone (the live-access rule).
import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { calls, leads, users } from '../db/schema.ts'
import { errors } from '../lib/http-error.ts'
import { messages } from '../lib/messages.ts'
import { releaseLead } from './lead-assignment.ts'
import { canRead, readableUsers, type Viewer } from './live-access.ts'

/** Releases every lead `userId` holds; returns the leads freed. */
export async function unassignLeads(
  db: Db,
  actor: Viewer,
  userId: number,
): Promise<{ id: number; uuid: string }[]> {
  if (!canRead(await readableUsers(db, actor), userId)) throw errors.notFound(messages.userNotFound)
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ id: leads.id, uuid: leads.uuid })
      .from(leads)
      .where(eq(leads.processingUserId, userId))
      .for('update')
    for (const lead of held) {
      // A call on the lead still running or not tagged keeps it held: its outcome must be recorded.
      const [blocking] = await tx
        .select({ id: calls.id })
        .from(calls)
        .where(
          and(
            eq(calls.userId, userId),
            or(eq(calls.leadId, lead.id), eq(calls.detectedLeadId, lead.id)),
            or(isNull(calls.endedAt), isNull(calls.leadTagId)),
          ),
        )
        .limit(1)
      if (blocking)
        throw errors.conflict('Un appel en cours ou non taggé concerne ce lead : il ne peut pas être libéré.')
      await releaseLead(tx, userId, lead.id, 'unassigned')
    }
    await tx.update(users).set({ processingLeadId: null }).where(eq(users.id, userId))
    return held
  })
}
