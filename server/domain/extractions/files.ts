// Extraction files (issue #13): CSV as French Excel opens it (UTF-8 with BOM, `;`, CRLF), written
// chunk by chunk as the rows come from the database, and XLSX through write-excel-file, which takes
// the whole sheet at once (no streaming input): XLSX therefore always runs in the background, capped
// (docs/domain.md "Extractions").
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify/sync'
import writeXlsxFile from 'write-excel-file/node'
import type { ExtractionColumn } from '../../../src/contracts/extractions.ts'
import { CSV_WRITE_OPTIONS } from '../../lib/csv.ts'
import { headerCells, rowCells, xlsxRowCells, type ExtractionRow, type XlsxCell } from './rows.ts'

/** Called after each chunk with the rows written so far (progress, the recorded count). */
export type RowsProgress = (rowsDone: number) => unknown

/** The CSV text of an extraction, one string per chunk: the BOM and header first. */
export async function* csvText(
  chunks: AsyncIterable<ExtractionRow[]>,
  columns: readonly ExtractionColumn[],
  onProgress?: RowsProgress,
): AsyncGenerator<string> {
  yield stringify([headerCells(columns)], { ...CSV_WRITE_OPTIONS, bom: true })
  let rowsDone = 0
  for await (const rows of chunks) {
    yield stringify(
      rows.map((row) => rowCells(row, columns)),
      CSV_WRITE_OPTIONS,
    )
    rowsDone += rows.length
    await onProgress?.(rowsDone)
  }
}

/** A readable stream of the CSV (a direct download): pulls the next chunk only when the client reads. */
export function csvStream(
  chunks: AsyncIterable<ExtractionRow[]>,
  columns: readonly ExtractionColumn[],
  onProgress?: RowsProgress,
): Readable {
  return Readable.from(csvText(chunks, columns, onProgress), { objectMode: false })
}

/** Writes the file at `target` through a temporary name, so a half-written file is never served. */
async function writeAtomically(target: string, write: (path: string) => Promise<void>): Promise<void> {
  const temporary = `${target}.part`
  try {
    await write(temporary)
    await rename(temporary, target)
  } finally {
    await rm(temporary, { force: true })
  }
}

export async function writeCsvFile(
  target: string,
  chunks: AsyncIterable<ExtractionRow[]>,
  columns: readonly ExtractionColumn[],
  onProgress?: RowsProgress,
): Promise<void> {
  await writeAtomically(target, (path) =>
    pipeline(Readable.from(csvText(chunks, columns, onProgress)), createWriteStream(path)),
  )
}

export async function writeXlsxFileOf(
  target: string,
  chunks: AsyncIterable<ExtractionRow[]>,
  columns: readonly ExtractionColumn[],
  onProgress?: RowsProgress,
): Promise<void> {
  const header = headerCells(columns).map((value) => ({ value, fontWeight: 'bold' as const }))
  const sheet: XlsxCell[][] = [header]
  let rowsDone = 0
  for await (const rows of chunks) {
    for (const row of rows) sheet.push(xlsxRowCells(row, columns))
    rowsDone += rows.length
    await onProgress?.(rowsDone)
  }
  await writeAtomically(target, async (path) => {
    await writeXlsxFile(sheet, { sheet: 'Leads', stickyRowsCount: 1 }).toFile(path)
  })
}
