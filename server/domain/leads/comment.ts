// A lead's comment (PUT /api/lead/{leadId}/comment, docs/domain.md "Leads"): who may write it, the
// comment with its history entry in one transaction, then the lead's viewers told.
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { leadEvents, leads } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { findVisibleLead, type LeadActor } from './access.ts'
import { publishLeadUpdate, type SignalApp } from './signals.ts'

export const NOT_COMMENT_WRITER = 'Seul l’utilisateur qui traite ce lead peut modifier son commentaire.'

/** Only the processing user writes the comment; managers and administrators always may. */
function assertMayComment(actor: LeadActor, lead: { processingUserId: number | null }): void {
  if (actor.role === 'TELEOPERATOR' && lead.processingUserId !== actor.id)
    throw errors.forbidden(NOT_COMMENT_WRITER)
}

/** Writes the comment (empty clears it) and its history entry together. */
async function writeLeadComment(db: Db, actor: LeadActor, leadId: number, text: string): Promise<void> {
  const comment = text || null
  await db.transaction(async (tx) => {
    await tx.update(leads).set({ comment, updatedAt: new Date() }).where(eq(leads.id, leadId))
    await tx.insert(leadEvents).values({ leadId, userId: actor.id, kind: 'comment', data: { comment } })
  })
}

/**
 * The comment of a lead the actor sees (one they do not answers like an unknown one); answers the
 * lead's id.
 */
export async function commentLead(
  app: SignalApp,
  actor: LeadActor,
  ref: number,
  text: string,
): Promise<number> {
  const { db } = app.database
  const row = await findVisibleLead(db, actor, ref)
  assertMayComment(actor, row.lead)
  await writeLeadComment(db, actor, row.lead.id, text)
  await publishLeadUpdate(app, row.lead, 'comment')
  return row.lead.id
}
