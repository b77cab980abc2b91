// PUT /api/imports/{id}/header (issue #31 point 2): the administrator chooses which of the file's first
// rows is its header (a title line may stand above it; the upload guessed). The header and sample are
// read again from that line, the columns guessed again from its headers, and the settings' analysis, if
// any, is dropped (state back to 'uploaded'): the mapping follows the header.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ImportDetail, ImportHeaderInput } from '../../../src/contracts/imports.ts'
import { imports } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import { assertVersion } from '../../lib/optimistic-concurrency.ts'
import { recordAudit } from '../audit/trail.ts'
import { ImportFileError } from './file-rows.ts'
import { storedFilePath } from './files.ts'
import { initialColumns } from './mappings.ts'
import {
  detailOf,
  filePreviewOf,
  findImport,
  headerLineOf,
  NOT_STARTED,
  type ImportPreviewData,
} from './store.ts'
import { badFile, readSample } from './upload.ts'

export const ALREADY_STARTED = 'Cet import est déjà lancé : ses réglages ne peuvent plus changer.'

export async function setImportHeader(
  app: FastifyInstance,
  userId: number,
  id: number,
  input: ImportHeaderInput,
): Promise<ImportDetail> {
  const { db } = app.database
  const before = await findImport(db, id)
  if (!NOT_STARTED.includes(before.state)) throw errors.conflict(ALREADY_STARTED)
  if (!before.storedFile) throw errors.conflict('Le fichier de cet import n’est plus conservé.')
  // Read outside the transaction (the reading thread may take a moment); the version check below
  // refuses the change if another tab moved the import on meanwhile.
  let sample
  try {
    sample = await readSample(
      storedFilePath(app.config.filesDir, before.storedFile),
      before.fileKind,
      input.headerLine,
    )
  } catch (error) {
    if (error instanceof ImportFileError) throw badFile(error.message)
    throw error
  }
  const { columns, mappingId } = await initialColumns(db, sample.headers)
  return db.transaction(async (tx) => {
    const row = await findImport(tx, id, true)
    await assertVersion(row.version, input.version, () => detailOf(tx, row))
    if (!NOT_STARTED.includes(row.state)) throw errors.conflict(ALREADY_STARTED)
    const { headers, sampleRows, headerLine, topRows } = sample
    const [updated] = await tx
      .update(imports)
      .set({
        columns,
        mappingId,
        state: 'uploaded',
        totalRows: 0,
        validRows: 0,
        errorRows: 0,
        duplicateRows: 0,
        error: null,
        preview: { headers, sampleRows, headerLine, topRows } satisfies ImportPreviewData,
        version: row.version + 1,
      })
      .where(eq(imports.id, id))
      .returning()
    await recordAudit(tx, {
      userId,
      entity: 'import',
      entityId: id,
      action: 'update',
      before: { headerLine: headerLineOf(row), headers: (filePreviewOf(row).headers ?? []).join(' | ') },
      after: { headerLine, headers: headers.join(' | ') },
    })
    return detailOf(tx, updated!)
  })
}
