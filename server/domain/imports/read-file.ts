// Uploaded lead files → rows of text cells (issue #13 "Integration"; docs/domain.md "Lead import").
// The file is recognised here by its first bytes; its rows are read, and validated for the analysis
// and the import, in a worker thread (read-worker.ts: csv-rows.ts, xlsx-rows.ts, validate-row.ts), so
// a 50 MB file never holds up the requests the server's main thread answers meanwhile (issue #26).
import { on } from 'node:events'
import { Worker } from 'node:worker_threads'
import { SNIFF_BYTES } from './csv-sniff.ts'
import type { CsvFormat } from './csv-rows.ts'
import { ImportFileError, type ImportFileKind, type ImportFileRow } from './file-rows.ts'
import type { PostedRow, ReadRequest, RowValidation } from './read-worker.ts'
import type { ImportRowResult } from './validate-row.ts'
import { XLSX_UNREADABLE_MESSAGE } from './zip-guard.ts'

export const NOT_A_CSV_MESSAGE = 'Ce fichier n’est pas un CSV lisible.'
const UNSUPPORTED_MESSAGE = 'Format de fichier non accepté : envoyez un fichier CSV ou XLSX.'
const XLS_MESSAGE =
  'Les fichiers XLS (Excel 97-2003) ne sont pas acceptés : enregistrez-le en XLSX ou en CSV.'
const EMPTY_MESSAGE = 'Le fichier est vide.'

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0]

function startsWith(head: Buffer, signature: number[]): boolean {
  return signature.every((byte, i) => head[i] === byte)
}

/** Control characters a text file has no use for (tab, line breaks, form feed and Ctrl-Z aside). */
function looksBinary(sample: Buffer): boolean {
  let control = 0
  for (const byte of sample) {
    if (byte === 0) return true
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a)
      control++
  }
  return control > Math.max(8, sample.length / 100)
}

/** CSV or XLSX from the first bytes (`head`: the first 64 KB at least) and the name; anything else a French refusal. */
export function detectImportFile(
  head: Buffer,
  fileName: string,
): { ok: true; kind: ImportFileKind } | { ok: false; message: string } {
  const extension = /\.([^.]+)$/.exec(fileName.trim().toLowerCase())?.[1] ?? ''
  if (head.length === 0) return { ok: false, message: EMPTY_MESSAGE }
  if (extension === 'xlsx')
    return startsWith(head, ZIP_SIGNATURE)
      ? { ok: true, kind: 'xlsx' }
      : { ok: false, message: XLSX_UNREADABLE_MESSAGE }
  if (extension === 'xls' || startsWith(head, OLE_SIGNATURE)) return { ok: false, message: XLS_MESSAGE }
  if (!['csv', 'tsv', 'txt'].includes(extension)) return { ok: false, message: UNSUPPORTED_MESSAGE }
  if (startsWith(head, ZIP_SIGNATURE) || looksBinary(head.subarray(0, SNIFF_BYTES)))
    return { ok: false, message: NOT_A_CSV_MESSAGE }
  return { ok: true, kind: 'csv' }
}

/** What the reading thread tells before the rows: which thread it is, and the CSV's format (null for XLSX). */
export type ReadStart = { threadId: number; csv: CsvFormat | null }
export type ReadOptions = {
  /** Stop after this many rows, header included (the upload's sample): the rest is never parsed. */
  maxRows?: number
  /** The header's line in the file (1 unless a title stands above it). */
  headerLine?: number
  /** The first `maxRows` non-blank rows as they are, for choosing the header. */
  raw?: boolean
  onStart?: (start: ReadStart) => void
}
export type ValidatedFileRow = ImportFileRow & { result: ImportRowResult }

type ReadMessage =
  | ({ type: 'start' } & ReadStart)
  | { type: 'rows'; rows: PostedRow[] }
  | { type: 'end' }
  | { type: 'refused'; message: string }

const READER = new URL('./read-worker.ts', import.meta.url)
/** The reading thread's heap: the shared strings of a 100 MB workbook fit; a runaway file ends the thread, not the server. */
const READER_HEAP_MB = 512
const TOO_BIG_TO_READ_MESSAGE = 'Le fichier est trop volumineux pour être lu.'

async function* readInThread(request: ReadRequest, options: ReadOptions): AsyncGenerator<PostedRow> {
  const worker = new Worker(READER, {
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
  })
  try {
    for await (const [message] of on(worker, 'message', { close: ['exit'] }) as AsyncIterable<
      [ReadMessage]
    >) {
      if (message.type === 'start') options.onStart?.({ threadId: message.threadId, csv: message.csv })
      else if (message.type === 'refused') throw new ImportFileError(message.message)
      else if (message.type === 'end') return
      else {
        worker.postMessage('more')
        yield* message.rows
      }
    }
    throw new Error(`import file reader: ended before the end of ${request.filePath}`)
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ImportFileError(TOO_BIG_TO_READ_MESSAGE)
    throw error
  } finally {
    await worker.terminate()
  }
}

/**
 * The header row then each non-blank data row with its line in the file: the CSV record's number (the
 * header is 1; a blank record keeps its number), the sheet's row for XLSX; each row cut to the header's
 * width. Throws an ImportFileError (French message) when the file cannot be read. Leaving the loop
 * early ends the reading thread.
 */
export function readImportRows(
  filePath: string,
  kind: ImportFileKind,
  options: ReadOptions = {},
): AsyncGenerator<ImportFileRow> {
  const { maxRows = null, headerLine = 1, raw = false } = options
  return readInThread({ filePath, kind, maxRows, validation: null, headerLine, raw }, options)
}

/** The data rows after the header and `validation.fromLine`, each with its validation, done in the reading thread. */
export function readValidatedRows(
  filePath: string,
  kind: ImportFileKind,
  validation: RowValidation,
  headerLine = 1,
): AsyncGenerator<ValidatedFileRow> {
  const request = { filePath, kind, maxRows: null, validation, headerLine }
  return readInThread(request, {}) as AsyncGenerator<ValidatedFileRow>
}
