// The reading thread of a lead file (issue #26; started by read-file.ts): parses the CSV or XLSX off
// the server's main thread and posts its rows in batches, each data row validated here too when the
// analysis or the import asks (validate-row.ts is pure). At most two batches wait unread: the thread
// waits for the reader's `more` before posting a third, so a slow reader (the import job writing its
// batches) never piles the file up in memory. Messages: `start` (the thread, the CSV's format), `rows`,
// then `end` or `refused` (a French reason); anything else is thrown and ends the thread with an error.
import { constants, setPriority } from 'node:os'
import { parentPort, threadId, workerData } from 'node:worker_threads'
import type { ImportColumnMapping } from '../../../src/contracts/import-fields.ts'
import { inspectCsv, readCsvRows } from './csv-rows.ts'
import {
  headerShaped,
  ImportFileError,
  rawRows,
  type ImportFileKind,
  type ImportFileRow,
} from './file-rows.ts'
import type { ImportRowContext, ImportRowResult } from './validate-row.ts'
import { readXlsxRows } from './xlsx-rows.ts'

/** Validate each data row after `fromLine` (the header row and earlier lines are not posted). */
export type RowValidation = { columns: ImportColumnMapping[]; context: ImportRowContext; fromLine: number }
export type ReadRequest = {
  filePath: string
  kind: ImportFileKind
  maxRows: number | null
  validation: RowValidation | null
  /** The header's line (rows above it are left out); `raw`: the first non-blank rows as read, unshaped. */
  headerLine: number
  raw?: boolean
}
export type PostedRow = ImportFileRow & { result?: ImportRowResult }

const BATCH_ROWS = 500
/** Characters a batch holds at most (a 1 MB CSV record fills a batch alone). */
const BATCH_CHARS = 1024 * 1024
const AHEAD = 2

// On Linux a nice value is per thread: this one gives way to the main thread (and to everything
// else) when the cores are busy, and still takes a free core whole.
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL)
} catch {
  // Not permitted or not supported: the thread keeps the process's priority.
}

const port = parentPort!
const { filePath, kind, maxRows, validation, headerLine, raw } = workerData as ReadRequest
let credits = AHEAD
let wake: (() => void) | null = null
port.on('message', () => {
  credits++
  wake?.()
})

async function post(rows: PostedRow[]): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve))
  credits--
  port.postMessage({ type: 'rows', rows })
}

async function read(): Promise<void> {
  const csv = kind === 'csv' ? await inspectCsv(filePath) : null
  port.postMessage({ type: 'start', threadId, csv })
  const rows = csv ? readCsvRows(filePath, csv) : readXlsxRows(filePath)
  // Loaded only to validate: the upload's sample needs no phone metadata.
  const validate = validation ? (await import('./validate-row.ts')).validateImportRow : null
  let batch: PostedRow[] = []
  let chars = 0
  const shaped = raw ? rawRows(rows, maxRows ?? 1) : headerShaped(rows, maxRows ?? undefined, headerLine)
  let header = true
  for await (const row of shaped) {
    if (validate && validation) {
      const isHeader = header
      header = false
      if (isHeader || row.line <= validation.fromLine) continue
      batch.push({ ...row, result: validate(row.cells, validation.columns, validation.context) })
    } else batch.push(row)
    for (const cell of row.cells) chars += cell.length
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
      await post(batch)
      batch = []
      chars = 0
    }
  }
  if (batch.length > 0) await post(batch)
  port.postMessage({ type: 'end' })
}

try {
  await read()
} catch (error) {
  if (!(error instanceof ImportFileError)) throw error
  port.postMessage({ type: 'refused', message: error.message })
} finally {
  port.close()
}
