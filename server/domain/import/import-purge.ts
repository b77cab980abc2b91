// The original files of imports are kept 30 days (issue #13 "History"): a daily job (04:30 Paris, one
// run per slot whatever the number of processes: the job engine's cron) deletes the expired ones and
// forgets their name, so the download answers 410.
import { and, eq, isNotNull, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { PARIS_TIME_ZONE } from '../../../src/contracts/paris-calendar.ts'
import type { Db } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { removeStoredFile } from './import-files.ts'

export const PURGE_QUEUE = 'lead-import-file-purge'
const PURGE_CRON = '30 4 * * *'
const PURGE_CHUNK = 500

/** Deletes the files whose 30 days are over; returns how many. */
export async function purgeExpiredImportFiles(db: Db, filesDir: string, now = new Date()): Promise<number> {
  let purged = 0
  for (;;) {
    const expired = await db
      .select({ id: imports.id, storedFile: imports.storedFile })
      .from(imports)
      .where(and(isNotNull(imports.storedFile), lte(imports.fileExpiresAt, now)))
      .limit(PURGE_CHUNK)
    for (const { id, storedFile } of expired) {
      await removeStoredFile(filesDir, storedFile)
      await db.update(imports).set({ storedFile: null }).where(eq(imports.id, id))
    }
    purged += expired.length
    if (expired.length < PURGE_CHUNK) return purged
  }
}

export function registerImportFilePurge(app: FastifyInstance): void {
  app.jobs.work(PURGE_QUEUE, { retryLimit: 3, retryDelay: 60, expireInSeconds: 3600 }, async () => {
    await purgeExpiredImportFiles(app.database.db, app.config.filesDir)
  })
  // After the job engine's own onReady (it creates the queues): the schedule names an existing queue.
  app.addHook('onReady', async () => {
    await app.jobs.boss().schedule(PURGE_QUEUE, PURGE_CRON, null, { tz: PARIS_TIME_ZONE })
  })
}
