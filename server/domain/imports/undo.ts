// Undo a finished import (issue #13 "History"; docs/domain.md "Lead import"): in one transaction,
// the import's leads nobody has touched are deleted; the others are kept and listed. Touched: handed
// out now or ever (a processing user, any lead event), called, tagged, given an appointment, or no
// longer NEW. Every table referencing leads is checked (lead_events, calls twice, lead_tags, appointments).
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { rowsOf } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'
import { announceImportState } from './progress.ts'
import { detailOf, findImport, previewOf } from './store.ts'

/** Kept leads listed on the import (the count covers them all). */
export const KEPT_LEADS_LISTED = 200

const UNTOUCHED = sql`
  l.processing_user_id is null
  and l.status = 'NEW'
  and not exists (select 1 from lead_events e where e.lead_id = l.id)
  and not exists (select 1 from calls c where c.lead_id = l.id or c.detected_lead_id = l.id)
  and not exists (select 1 from lead_tags t where t.lead_id = l.id)
  and not exists (select 1 from appointments a where a.lead_id = l.id)`

export async function undoImport(app: FastifyInstance, userId: number, id: number): Promise<ImportDetail> {
  const detail = await app.database.db.transaction(async (tx) => {
    const row = await findImport(tx, id, true)
    if (row.state !== 'done' && row.state !== 'cancelled')
      throw errors.conflict('Seul un import terminé ou annulé peut être défait.')
    // Locks the import's leads first, so a hand-out cannot take one between the check and the delete.
    await tx.execute(sql`select id from leads where import_id = ${id} order by id for update`)
    const deleted = rowsOf<{ id: number }>(
      await tx.execute(sql`delete from leads l where l.import_id = ${id} and ${UNTOUCHED} returning l.id`),
    ).length
    const kept = rowsOf<{ id: number; uuid: string; first_name: string; last_name: string }>(
      await tx.execute(sql`
        select id, uuid, first_name, last_name from leads where import_id = ${id} order by id`),
    )
    const keptLeads = kept.slice(0, KEPT_LEADS_LISTED).map((lead) => ({
      id: Number(lead.id),
      uuid: String(lead.uuid),
      name: `${lead.first_name} ${lead.last_name}`.trim(),
    }))
    const [updated] = await tx
      .update(imports)
      .set({
        state: 'undone',
        undoneAt: new Date(),
        undoneBy: userId,
        undoDeletedCount: deleted,
        undoKeptCount: kept.length,
        preview: { ...previewOf(row), keptLeads },
        version: row.version + 1,
      })
      .where(eq(imports.id, id))
      .returning()
    await recordAudit(tx, {
      userId,
      entity: 'import',
      entityId: id,
      action: 'undo',
      before: { state: row.state },
      after: { deleted, kept: kept.length },
    })
    return detailOf(tx, updated!)
  })
  await announceImportState(app, {
    importId: detail.id,
    state: detail.state,
    rowsDone: detail.rowsDone,
    totalRows: detail.totalRows,
  })
  return detail
}
