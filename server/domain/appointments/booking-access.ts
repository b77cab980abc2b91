// Who may book a lead's appointment (docs/domain.md "Appointments", Who may book), and when a booking
// must carry the call's outcome (issue #29 point 3).
import { desc, eq } from 'drizzle-orm'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import { callProcessTags, leadTags, tags } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { callAwaitingOutcome } from '../leads/outcome-call.ts'

const NOT_ALLOWED = 'Seul l’utilisateur qui traite ce lead, ou un manager, peut fixer son rendez-vous.'
/** A teleoperator's plain booking of the lead they hold while their call on it awaits its outcome. */
export const OUTCOME_FIRST =
  'Votre appel sur ce lead attend son issue : choisissez-la sur la fiche, elle s’enregistrera avec le rendez-vous.'
/** "RDV pris" (recorded with its booking) frees the lead: its author may still move the slot this long. */
export const TAGGER_GRACE_MINUTES = 30

export type Actor = { id: number; role: Role }
export type LeadForBooking = { id: number; processingUserId: number | null }

/**
 * Managers and administrators book any lead they can read; a teleoperator books the lead they process,
 * or a free lead whose latest outcome is theirs, requires an appointment and is under 30 minutes old.
 */
export async function mayBookAppointment(db: Db, user: Actor, lead: LeadForBooking, now: Date) {
  if (user.role !== 'TELEOPERATOR') return true
  if (lead.processingUserId !== null) return lead.processingUserId === user.id
  const [latest] = await db
    .select({
      userId: leadTags.userId,
      createdAt: leadTags.createdAt,
      requiresAppointment: tags.requiresAppointment,
    })
    .from(leadTags)
    .innerJoin(callProcessTags, eq(callProcessTags.id, leadTags.callProcessTagId))
    .innerJoin(tags, eq(tags.id, callProcessTags.tagId))
    .where(eq(leadTags.leadId, lead.id))
    .orderBy(desc(leadTags.createdAt), desc(leadTags.id))
    .limit(1)
  if (!latest || latest.userId !== user.id || !latest.requiresAppointment) return false
  return now.getTime() - latest.createdAt.getTime() <= TAGGER_GRACE_MINUTES * 60_000
}

/**
 * 403 unless the user may book (above). Issue #29 point 3: a teleoperator holding the lead whose call on
 * it awaits its outcome books with that outcome only (409 otherwise): a plain booking would leave the
 * call without outcome and the lead held. Managers and administrators keep booking plainly.
 */
export async function assertMayBook(
  tx: Db,
  user: Actor,
  lead: LeadForBooking,
  { now, withOutcome }: { now: Date; withOutcome: boolean },
) {
  if (!(await mayBookAppointment(tx, user, lead, now))) throw errors.forbidden(NOT_ALLOWED)
  if (withOutcome || user.role !== 'TELEOPERATOR' || lead.processingUserId !== user.id) return
  if ((await callAwaitingOutcome(tx, user.id, lead.id)) !== null) throw errors.conflict(OUTCOME_FIRST)
}
