// DELETE /api/imports/{id} and the files purge (issue #31 point 2): an import left before it started
// (« Fichier reçu », « Prêt à importer ») is discarded — its row and its stored file — by the
// administrator, or by the purge a day after its upload. Nothing of it was written: no lead, no
// rejection. The row goes in one transaction with its audit entry; the file after the commit (a file
// left by a crash there is an orphan the row no longer names, harmless).
import { and, eq, inArray, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'
import { removeStoredFile } from './files.ts'
import { findImport, NOT_STARTED } from './store.ts'

/** An abandoned import is discarded this long after its upload. */
export const ABANDONED_IMPORT_MS = 24 * 3_600_000

export async function discardImport(app: FastifyInstance, userId: number, id: number): Promise<void> {
  const storedFile = await app.database.db.transaction(async (tx) => {
    const row = await findImport(tx, id, true)
    if (!NOT_STARTED.includes(row.state))
      throw errors.conflict('Seul un import pas encore lancé peut être abandonné.')
    await tx.delete(imports).where(eq(imports.id, id))
    await recordAudit(tx, {
      userId,
      entity: 'import',
      entityId: id,
      action: 'delete',
      before: { fileName: row.fileName, state: row.state },
    })
    return row.storedFile
  })
  await removeStoredFile(app.config.filesDir, storedFile)
}

/** Discards the imports uploaded before `now` less a day and never started; their count. */
export async function discardAbandonedImports(db: Db, filesDir: string, now: Date): Promise<number> {
  const gone = await db
    .delete(imports)
    .where(
      and(
        inArray(imports.state, [...NOT_STARTED]),
        lt(imports.createdAt, new Date(now.getTime() - ABANDONED_IMPORT_MS)),
      ),
    )
    .returning({ storedFile: imports.storedFile })
  for (const { storedFile } of gone) await removeStoredFile(filesDir, storedFile)
  return gone.length
}
