// DELETE /api/imports/{id} (issue #31 point 2): an import left before it started (« Fichier reçu »,
// « Prêt à importer ») is discarded — its row and its stored file — by the administrator, or by the
// files purge a day after its upload (files/stored-files.ts). Nothing of it was written: no lead, no
// rejection. The row goes in one transaction with its audit entry; the file after the commit (a file
// left by a crash there is an orphan the row no longer names, harmless).
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { imports } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'
import { removeStoredFile } from './files.ts'
import { findImport, NOT_STARTED } from './store.ts'

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
