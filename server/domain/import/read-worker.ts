// The reading thread of a lead file (issue #26; started by read-file.ts): parses the CSV or XLSX off
// the server's main thread and posts its rows in batches. At most two batches wait unread: the thread
// waits for the reader's `more` before posting a third, so a slow reader (the import job writing its
// batches) never piles the file up in memory. Messages: `start` (the thread, the CSV's format), `rows`,
// then `end` or `refused` (a French reason); anything else is thrown and ends the thread with an error.
import { parentPort, threadId, workerData } from 'node:worker_threads'
import { inspectCsv, readCsvRows } from './csv-rows.ts'
import { headerShaped, ImportFileError, type ImportFileKind, type ImportFileRow } from './file-rows.ts'
import { readXlsxRows } from './xlsx-rows.ts'

export type ReadRequest = { filePath: string; kind: ImportFileKind; maxRows: number | null }

const BATCH_ROWS = 500
/** Characters a batch holds at most (a 1 MB CSV record fills a batch alone). */
const BATCH_CHARS = 1024 * 1024
const AHEAD = 2

const port = parentPort!
const { filePath, kind, maxRows } = workerData as ReadRequest
let credits = AHEAD
let wake: (() => void) | null = null
port.on('message', () => {
  credits++
  wake?.()
})

async function post(rows: ImportFileRow[]): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve))
  credits--
  port.postMessage({ type: 'rows', rows })
}

async function read(): Promise<void> {
  const csv = kind === 'csv' ? await inspectCsv(filePath) : null
  port.postMessage({ type: 'start', threadId, csv })
  const rows = csv ? readCsvRows(filePath, csv) : readXlsxRows(filePath)
  let batch: ImportFileRow[] = []
  let chars = 0
  for await (const row of headerShaped(rows, maxRows ?? undefined)) {
    batch.push(row)
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
