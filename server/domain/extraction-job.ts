// The background extraction (queue 'lead-extraction', issue #13): writes the file into FILES_DIR
// chunk by chunk, recording the rows done after each chunk (the page's progress), then keeps it 24
// hours. A job retried after a crash starts the file again from the first row (the file is written
// under a temporary name, so a half-written file is never served).
import { stat } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { ExtractionColumn, ExtractionFilters } from '../../src/contracts/extractions.ts'
import { extractionFiltersSchema } from '../../src/contracts/extractions.ts'
import type { Db } from '../db/client.ts'
import { extractions, users } from '../db/schema.ts'
import { writeCsvFile, writeXlsxFileOf } from './extraction-files.ts'
import { extractionChunks } from './extraction-rows.ts'
import { EXTRACTION_FILE_HOURS, storedExtractionName } from './extractions.ts'
import { storedFilePath } from './stored-files.ts'

const HOUR_MS = 3_600_000

const GONE = 'Le demandeur n’a plus accès aux extractions.'
const FAILED = 'L’extraction a échoué ; relancez-la.'

export async function runExtractionJob(
  db: Db,
  filesDir: string,
  extractionId: number,
  onError: (error: unknown) => void,
): Promise<void> {
  const [row] = await db
    .select({ extraction: extractions, role: users.role })
    .from(extractions)
    .leftJoin(users, eq(users.id, extractions.createdBy))
    .where(eq(extractions.id, extractionId))
  if (!row || row.extraction.state === 'done' || row.extraction.state === 'streamed') return
  const { extraction, role } = row
  try {
    // The author's rights now, not when they asked: a user gone or demoted extracts nothing more.
    if (!role || extraction.createdBy === null || role === 'TELEOPERATOR') throw new Error(GONE)
    await db
      .update(extractions)
      .set({ state: 'running', rowsDone: 0, error: null })
      .where(eq(extractions.id, extractionId))
    const storedFile = storedExtractionName(extractionId, extraction.format)
    const target = storedFilePath(filesDir, storedFile)
    const query = {
      actor: { id: extraction.createdBy, role },
      filters: extractionFiltersSchema.parse(extraction.filters) as ExtractionFilters,
      columns: extraction.columns as ExtractionColumn[],
    }
    let rowsDone = 0
    const progress = async (done: number) => {
      rowsDone = done
      await db.update(extractions).set({ rowsDone: done }).where(eq(extractions.id, extractionId))
    }
    const write = extraction.format === 'xlsx' ? writeXlsxFileOf : writeCsvFile
    await write(target, extractionChunks(db, query), query.columns, progress)
    const { size } = await stat(target)
    const now = new Date()
    await db
      .update(extractions)
      .set({
        state: 'done',
        rowCount: rowsDone,
        rowsDone,
        storedFile,
        fileSize: size,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + EXTRACTION_FILE_HOURS * HOUR_MS),
      })
      .where(eq(extractions.id, extractionId))
  } catch (error) {
    const message = error instanceof Error && error.message === GONE ? GONE : FAILED
    if (message === FAILED) onError(error)
    await db
      .update(extractions)
      .set({
        state: 'failed',
        finishedAt: new Date(),
        error: message,
      })
      .where(eq(extractions.id, extractionId))
  }
}
