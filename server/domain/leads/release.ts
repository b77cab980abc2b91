// Freeing the leads a user holds (POST /api/users/unassign-lead-from-user; docs/domain.md "Leads"):
// oneself, a manager the users of their teams, an administrator anyone (the live-access rule). And
// the holder handing one lead back with a reason (POST /api/lead/{id}/release, issue #11).
import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { calls, leads, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { releaseLead } from './assignment.ts'
import { recordHandBack } from './hand-back.ts'
import { findVisibleLead, type LeadActor } from './access.ts'
import { assertReadableUser, type Viewer } from '../access/live-access.ts'

/** The database or a transaction (a PgTransaction is a PgDatabase). */
type Tx = Db

export const RELEASE_NOT_HOLDER = 'Seul l’utilisateur qui traite ce lead peut le rendre.'
export const RELEASE_CALL_PENDING =
  'Un appel en cours ou non taggé concerne ce lead : enregistrez son résultat avant de le rendre.'
const UNASSIGN_CALL_PENDING = 'Un appel en cours ou non taggé concerne ce lead : il ne peut pas être libéré.'

/** A call of the user on the lead still running or not tagged: its outcome must be recorded first. */
export async function hasPendingCall(tx: Tx, userId: number, leadId: number): Promise<boolean> {
  const [blocking] = await tx
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.userId, userId),
        or(eq(calls.leadId, leadId), eq(calls.detectedLeadId, leadId)),
        or(isNull(calls.endedAt), isNull(calls.leadTagId)),
      ),
    )
    .limit(1)
  return blocking !== undefined
}

/** Releases every lead `userId` holds; returns the leads freed. */
export async function unassignLeads(
  db: Db,
  actor: Viewer,
  userId: number,
): Promise<{ id: number; uuid: string }[]> {
  await assertReadableUser(db, actor, userId)
  return db.transaction(async (tx) => {
    const held = await tx
      .select({ id: leads.id, uuid: leads.uuid })
      .from(leads)
      .where(eq(leads.processingUserId, userId))
      .for('update')
    for (const lead of held) {
      // A call on the lead still running or not tagged keeps it held: its outcome must be recorded.
      if (await hasPendingCall(tx, userId, lead.id)) throw errors.conflict(UNASSIGN_CALL_PENDING)
      await releaseLead(tx, userId, lead.id, 'unassigned')
    }
    await tx.update(users).set({ processingLeadId: null }).where(eq(users.id, userId))
    return held
  })
}

/**
 * The holder hands the lead back (issue #11): a lead the actor may not see is 404 (the lead-access
 * rule); only its holder may release it (403 otherwise, managers and administrators included: they
 * free other users' leads with unassign), and not while a call of theirs on it is ongoing or untagged
 * (409). The lead goes back to the queue by its status, skipped for the holder during the cool-down
 * (hand-back.ts); an `assignment` event
 * `{action: 'released', reason: 'handed-back', comment}` keeps the holder's words.
 */
export async function releaseHeldLead(
  db: Db,
  actor: LeadActor,
  ref: string | number,
  comment: string,
): Promise<{ id: number; uuid: string }> {
  const { lead } = await findVisibleLead(db, actor, ref)
  return db.transaction(async (tx) => {
    // The row is locked: a concurrent outcome or unassign is seen before deciding.
    const [locked] = await tx
      .select({ processingUserId: leads.processingUserId })
      .from(leads)
      .where(eq(leads.id, lead.id))
      .for('update')
    if (locked?.processingUserId !== actor.id) throw errors.forbidden(RELEASE_NOT_HOLDER)
    if (await hasPendingCall(tx, actor.id, lead.id)) throw errors.conflict(RELEASE_CALL_PENDING)
    await releaseLead(tx, actor.id, lead.id, 'handed-back', { comment })
    // Issue #29: not handed to this agent again before the cool-down ends (hand-back.ts).
    await recordHandBack(tx, actor.id, lead.id)
    return { id: lead.id, uuid: lead.uuid }
  })
}
