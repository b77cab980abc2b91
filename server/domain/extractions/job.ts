// The background extraction (queue 'lead-extraction', issue #13): writes the file into FILES_DIR
// chunk by chunk, recording the rows done after each chunk (the page's progress), then keeps it 24
// hours. A job retried after a crash starts the file again from the first row (the file is written
// under a temporary name, so a half-written file is never served). Issue #26: it runs with its
// author's rights as they are when it runs, not when it was asked for: each chunk reads only the leads
// they see then, and a mission or market the filters name that they no longer see, before or while
// the file is written, fails the job (the file is not kept).
import { rm, stat } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import type { ExtractionColumn, ExtractionFilters } from '../../../src/contracts/extractions.ts'
import { extractionFiltersSchema } from '../../../src/contracts/extractions.ts'
import type { Db } from '../../db/client.ts'
import { extractions, users } from '../../db/schema.ts'
import { writeCsvFile, writeXlsxFileOf } from './files.ts'
import { extractionChunks } from './rows.ts'
import { extractionScopeHolds } from './scope.ts'
import { EXTRACTION_FILE_HOURS, storedExtractionName } from './changes.ts'
import { removePartialExtractionFiles, storedFilePath } from '../files/stored-files.ts'

const HOUR_MS = 3_600_000

const GONE = 'Le demandeur n’a plus accès aux extractions.'
const LOST = 'Le demandeur n’a plus accès à une des missions demandées : l’extraction n’a pas été faite.'
const FAILED = 'L’extraction a échoué ; relancez-la.'

/** A refusal the job records as its French error, as is (not a crash to log). */
class Refused extends Error {}

export async function runExtractionJob(
  db: Db,
  filesDir: string,
  extractionId: number,
  onError: (error: unknown) => void,
): Promise<void> {
  const [row] = await db
    .select({ extraction: extractions, role: users.role, status: users.status })
    .from(extractions)
    .leftJoin(users, eq(users.id, extractions.createdBy))
    .where(eq(extractions.id, extractionId))
  if (!row || row.extraction.state === 'done' || row.extraction.state === 'streamed') return
  const { extraction, role, status } = row
  // A run of this extraction killed midway left its partial file (under another name): taken over.
  await removePartialExtractionFiles(filesDir, { extractionId })
  let target: string | undefined
  try {
    // The author's rights now, not when they asked: a user gone, deactivated or demoted extracts
    // nothing more.
    if (!role || extraction.createdBy === null || role === 'TELEOPERATOR' || status !== 'ACTIVE')
      throw new Refused(GONE)
    await db
      .update(extractions)
      .set({ state: 'running', rowsDone: 0, error: null })
      .where(eq(extractions.id, extractionId))
    const storedFile = storedExtractionName(extractionId, extraction.format)
    target = storedFilePath(filesDir, storedFile)
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
    if (!(await extractionScopeHolds(db, query.actor, query.filters))) throw new Refused(LOST)
    const write = extraction.format === 'xlsx' ? writeXlsxFileOf : writeCsvFile
    await write(target, extractionChunks(db, query), query.columns, progress)
    // Access taken away while the file was written: its later chunks left those leads out already.
    if (!(await extractionScopeHolds(db, query.actor, query.filters))) throw new Refused(LOST)
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
    const message = error instanceof Refused ? error.message : FAILED
    if (message === FAILED) onError(error)
    if (target) await rm(target, { force: true })
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
