// Editing a lead's identity and contact (PUT /api/lead/{id}; docs/domain.md "Leads", Editing): who may,
// the optimistic concurrency check, and the history of what changed, in one transaction.
import { eq } from 'drizzle-orm'
import { EDITABLE_LEAD_FIELDS, type EditableLeadField } from '../../../src/contracts/lead-changes.ts'
import type { Role } from '../../../src/contracts/roles.ts'
import type { Db } from '../../db/client.ts'
import { leadEvents, leads } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { messages } from '../../lib/messages.ts'

export type LeadChanges = Partial<Record<EditableLeadField, string | null>>
export type FieldChange = { before: string | null; after: string | null }

export type LeadUpdateInput = {
  user: { id: number; role: Role }
  leadId: number
  changes: LeadChanges
  /** The lead's `updatedAt` as the caller last read it (ISO); undefined skips the check. */
  updatedAt: string | undefined
}

export const NOT_PROCESSING = 'Seul l’utilisateur qui traite ce lead peut modifier ses coordonnées.'
export const CHANGED_MEANWHILE =
  'Ce lead a été modifié entre-temps (dans un autre onglet ou par un autre utilisateur) : rechargez la fiche et recommencez.'

/** Applies the changes; answers what changed, field by field (empty when nothing did). */
export async function updateLeadContact(
  db: Db,
  input: LeadUpdateInput,
): Promise<Partial<Record<EditableLeadField, FieldChange>>> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, input.leadId)).for('update')
    if (!lead) throw errors.notFound(messages.leadNotFound)
    // The processing user edits the lead; managers and administrators always may.
    if (input.user.role === 'TELEOPERATOR' && lead.processingUserId !== input.user.id)
      throw errors.forbidden(NOT_PROCESSING)
    // Millisecond precision on both sides: the stored value as the sheet received it.
    if (input.updatedAt !== undefined && Date.parse(input.updatedAt) !== lead.updatedAt.getTime())
      throw errors.conflict(CHANGED_MEANWHILE)

    const changed: Partial<Record<EditableLeadField, FieldChange>> = {}
    const set: LeadChanges = {}
    for (const field of EDITABLE_LEAD_FIELDS) {
      const after = input.changes[field]
      if (after === undefined || after === lead[field]) continue
      changed[field] = { before: lead[field], after }
      set[field] = after
    }
    if (Object.keys(changed).length === 0) return changed

    // Strictly later than the previous value, so two edits within one millisecond still conflict.
    const updatedAt = new Date(Math.max(Date.now(), lead.updatedAt.getTime() + 1))
    await tx
      .update(leads)
      .set({ ...set, updatedAt } as Partial<typeof leads.$inferInsert>)
      .where(eq(leads.id, lead.id))
    await tx
      .insert(leadEvents)
      .values({ leadId: lead.id, userId: input.user.id, kind: 'update', data: { changes: changed } })
    return changed
  })
}
