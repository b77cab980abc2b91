// Start and cancel an import (issue #13; docs/domain.md "Lead import"). Each change is one
// transaction with its audit entry and, for a start, the job itself (it exists only if the start commits).
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ImportDetail } from '../../../src/contracts/imports.ts'
import { civilDateOf, isoDate } from '../../../src/contracts/paris-calendar.ts'
import { imports } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'
import { IMPORT_QUEUE, type ImportJobData } from './job.ts'
import { announceImportState } from './progress.ts'
import { detailOf, findImport } from './store.ts'

/** The leads' integrationMonth: the first day of the import's month in Europe/Paris (spec §3). */
export function integrationMonthOf(now: Date): string {
  return isoDate({ ...civilDateOf(now), day: 1 })
}

async function announce(app: FastifyInstance, detail: ImportDetail) {
  const { id: importId, state, rowsDone, totalRows } = detail
  await announceImportState(app, { importId, state, rowsDone, totalRows })
}

export async function startImport(app: FastifyInstance, userId: number, id: number, now = new Date()) {
  const detail = await app.database.db.transaction(async (tx) => {
    const row = await findImport(tx, id, true)
    if (row.state !== 'ready')
      throw errors.conflict(
        row.state === 'analysing'
          ? 'L’analyse du fichier n’est pas terminée : attendez l’aperçu avant de lancer l’import.'
          : 'Cet import ne peut pas être lancé dans son état actuel.',
      )
    if (row.validRows + row.duplicateRows === 0)
      throw errors.conflict('Aucune ligne valide à importer : corrigez le fichier ou les colonnes.')
    const [updated] = await tx
      .update(imports)
      .set({ state: 'queued', integrationMonth: integrationMonthOf(now), version: row.version + 1 })
      .where(eq(imports.id, id))
      .returning()
    await app.jobs.send<ImportJobData>(IMPORT_QUEUE, { importId: id }, { tx })
    await recordAudit(tx, {
      userId,
      entity: 'import',
      entityId: id,
      action: 'start',
      after: { rows: row.totalRows },
    })
    return detailOf(tx, updated!)
  })
  // The process the administrator asked takes the job now (another one would at its next poll).
  app.jobs.wake(IMPORT_QUEUE)
  await announce(app, detail)
  return detail
}

/**
 * Analysing or queued: cancelled at once. Running: the job stops at its next batch (the leads already
 * written stay; an undo removes the untouched ones).
 */
export async function cancelImport(app: FastifyInstance, userId: number, id: number) {
  const detail = await app.database.db.transaction(async (tx) => {
    const row = await findImport(tx, id, true)
    if (row.state !== 'analysing' && row.state !== 'queued' && row.state !== 'running')
      throw errors.conflict('Seul un import en cours d’analyse, en attente ou en cours peut être annulé.')
    const immediate = row.state !== 'running'
    const [updated] = await tx
      .update(imports)
      .set({
        cancelRequested: 1,
        version: sql`${imports.version} + 1`,
        ...(immediate ? { state: 'cancelled' as const, finishedAt: new Date() } : {}),
      })
      .where(eq(imports.id, id))
      .returning()
    await recordAudit(tx, {
      userId,
      entity: 'import',
      entityId: id,
      action: 'cancel',
      before: { state: row.state },
    })
    return detailOf(tx, updated!)
  })
  await announce(app, detail)
  return detail
}
