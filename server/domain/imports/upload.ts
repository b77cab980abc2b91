// POST /api/imports (issue #13 "Integration"): the uploaded file is streamed to the files folder,
// recognised by its content, its header and first rows read; only then is the import recorded
// ('uploaded'). Any refusal (too large, not a CSV/XLSX, a ZIP bomb, unreadable) answers 400 in
// French and leaves nothing behind: no row, no file.
import type { Readable } from 'node:stream'
import { IMPORT_MAX_FILE_BYTES, type ImportDetail } from '../../../src/contracts/imports.ts'
import type { Db } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { errors, HttpError } from '../../lib/http-error.ts'
import { recordAudit } from '../audit/trail.ts'
import { cleanText } from './clean-text.ts'
import { SNIFF_BYTES } from './csv-sniff.ts'
import type { CsvFormat } from './csv-rows.ts'
import {
  detectHeaderLine,
  HEADER_SEARCH_ROWS,
  ImportFileError,
  type ImportFileKind,
  type ImportFileRow,
} from './file-rows.ts'
import { charsOf, previewBudget, previewCell } from './preview-limits.ts'
import { detectImportFile, readImportRows } from './read-file.ts'
import { IMPORT_FILE_KEEP_DAYS, readFileHead, removeStoredFile, storeUpload } from './files.ts'
import { initialColumns } from './mappings.ts'
import { detailOf, type ImportPreviewData } from './store.ts'

/** Rows of the file shown before any setting (the upload's answer). */
export const SAMPLE_ROWS = 10
const MAX_HEADER_LENGTH = 200

export const FILE_TOO_LARGE_MESSAGE = `Le fichier dépasse la taille maximale de ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} Mo.`

export function badFile(message: string): HttpError {
  return new HttpError(400, 'INVALID_IMPORT_FILE', message, { fields: { file: message } })
}

/** Control characters become spaces (a header is shown and saved in mappings); long headers are cut. */
export function cleanHeader(header: string): string {
  return cleanText(header, { max: MAX_HEADER_LENGTH })
}

type Sample = {
  headers: string[]
  sampleRows: string[][]
  headerLine: number
  topRows: { line: number; cells: string[] }[]
  csv: CsvFormat | null
}

/** Cells of a top row shown to choose the header. */
const TOP_ROW_CELLS = 50

/**
 * The file's first non-blank rows as read, and the header's line among them (a title line may stand
 * above it, issue #31): `headerLine` when the administrator chose it, detected otherwise.
 */
async function readTop(absolutePath: string, kind: ImportFileKind, headerLine: number | null) {
  const top: ImportFileRow[] = []
  for await (const row of readImportRows(absolutePath, kind, { maxRows: HEADER_SEARCH_ROWS, raw: true }))
    top.push(row)
  if (headerLine !== null && !top.some((row) => row.line === headerLine))
    throw errors.invalid('Cette ligne ne fait pas partie des premières lignes du fichier.', {
      headerLine: 'Ligne introuvable.',
    })
  const topRows = top.map((row) => ({
    line: row.line,
    cells: row.cells.slice(0, TOP_ROW_CELLS).map(previewCell),
  }))
  return { topRows, headerLine: headerLine ?? detectHeaderLine(top) }
}

/** The header and the first rows, read in the reading thread, which stops there (issue #26). */
export async function readSample(
  absolutePath: string,
  kind: ImportFileKind,
  chosenLine: number | null = null,
): Promise<Sample> {
  const { topRows, headerLine } = await readTop(absolutePath, kind, chosenLine)
  let headers: string[] | null = null
  const format: { csv: CsvFormat | null } = { csv: null }
  const sampleRows: string[][] = []
  const budget = previewBudget()
  const rows = readImportRows(absolutePath, kind, {
    maxRows: SAMPLE_ROWS + 1,
    headerLine,
    onStart: (start) => (format.csv = start.csv),
  })
  for await (const { cells } of rows) {
    if (headers === null) headers = cells.map(cleanHeader)
    else {
      const shown = cells.map(previewCell)
      if (!budget.fits(charsOf(shown))) break
      sampleRows.push(shown)
    }
  }
  if (headers === null || sampleRows.length === 0)
    throw badFile('Le fichier ne contient aucune ligne de données sous la ligne d’en-tête.')
  return { headers, sampleRows, headerLine, topRows, csv: format.csv }
}

function isTooLarge(error: unknown): boolean {
  const { code, statusCode } = (error ?? {}) as { code?: string; statusCode?: number }
  return code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413
}

export type Upload = {
  fileName: string
  stream: Readable
  /** The multipart parser cut the file at the size limit. */
  truncated: () => boolean
}

export async function createImportFromUpload(
  db: Db,
  filesDir: string,
  userId: number,
  upload: Upload,
  now = new Date(),
): Promise<ImportDetail> {
  const fileName = cleanHeader(upload.fileName) || 'fichier'
  let stored
  try {
    stored = await storeUpload(filesDir, upload.stream)
  } catch (error) {
    if (isTooLarge(error)) throw badFile(FILE_TOO_LARGE_MESSAGE)
    throw error
  }
  try {
    if (upload.truncated()) throw badFile(FILE_TOO_LARGE_MESSAGE)
    const detected = detectImportFile(await readFileHead(stored.absolutePath, SNIFF_BYTES), fileName)
    if (!detected.ok) throw badFile(detected.message)
    const { kind } = detected
    const { csv, ...sample } = await readSample(stored.absolutePath, kind)
    const { columns, mappingId } = await initialColumns(db, sample.headers)
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(imports)
        .values({
          fileName,
          fileSize: stored.size,
          storedFile: stored.storedFile,
          fileSha256: stored.sha256,
          fileKind: kind,
          encoding: csv?.encoding ?? null,
          delimiter: csv?.delimiter ?? null,
          createdBy: userId,
          createdAt: now,
          columns,
          mappingId,
          duplicatePolicy: 'skip',
          state: 'uploaded',
          preview: sample satisfies ImportPreviewData,
          fileExpiresAt: new Date(now.getTime() + IMPORT_FILE_KEEP_DAYS * 86_400_000),
        })
        .returning()
      await recordAudit(tx, {
        userId,
        entity: 'import',
        entityId: row!.id,
        action: 'create',
        after: { fileName, fileSize: stored.size },
      })
      return detailOf(tx, row!)
    })
  } catch (error) {
    await removeStoredFile(filesDir, stored.storedFile)
    if (error instanceof ImportFileError) throw badFile(error.message)
    throw error
  }
}
