// An XLSX lead file → rows of text cells (issue #13 "Integration"; issue #26): after the ZIP-bomb
// guard, the first sheet is inflated and parsed as a stream, row by row, so a reader that needs ten
// rows stops after them and a whole pass holds one chunk of XML at a time (the shared strings stay in
// memory: the sheet points into them). Runs in the reading thread (read-worker.ts).
import type { ImportFileRow } from './file-rows.ts'
import { ImportFileError } from './file-rows.ts'
import { openWorkbook, unreadable, xmlParser, type XlsxBook } from './xlsx-book.ts'
import { cellText, type StoredCell } from './xlsx-cells.ts'
import { openZipEntry } from './zip-directory.ts'
import { guardedZipEntries } from './zip-guard.ts'

/** Excel's last column is XFD: a reference past it is ignored rather than grown into. */
const MAX_SHEET_COLUMNS = 16_384

/** `AB12` → 27 (zero-based column); -1 when there are no letters. */
function columnOf(reference: string): number {
  let column = 0
  let i = 0
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20
    if (code < 0x61 || code > 0x7a) break
    column = column * 26 + (code - 0x60)
    if (column > MAX_SHEET_COLUMNS) return MAX_SHEET_COLUMNS
  }
  return i === 0 ? -1 : column - 1
}

/** A SAX handler set that turns `<row>`/`<c>` events into finished rows pushed on `out`. */
function sheetHandlers(book: XlsxBook, out: ImportFileRow[]) {
  let line = 0
  let cells: string[] = []
  let column = 0
  let cell: StoredCell | null = null
  let inValue = false
  let inline = 0
  let phonetic = 0
  return {
    open(name: string, attributes: Record<string, string>) {
      if (name === 'row') {
        line = attributes.r ? Number(attributes.r) : line + 1
        cells = []
        column = 0
      } else if (name === 'c') {
        const at = attributes.r ? columnOf(attributes.r) : -1
        column = at < 0 ? column : at
        cell = { type: attributes.t, style: attributes.s, value: undefined }
      } else if (name === 'v' || (name === 't' && inline > 0)) {
        inValue = true
        if (cell) cell.value ??= ''
      } else if (name === 'is') inline++
      else if (name === 'rPh') phonetic++
    },
    close(name: string) {
      if (name === 'c' && cell) {
        const text = cellText(cell, book)
        if (text === null) throw unreadable()
        if (column < MAX_SHEET_COLUMNS && text !== '') {
          while (cells.length < column) cells.push('')
          cells[column] = text
        }
        column++
        cell = null
      } else if (name === 'v' || name === 't') inValue = false
      else if (name === 'is') inline--
      else if (name === 'rPh') phonetic--
      else if (name === 'row') out.push({ line, cells })
    },
    text(text: string) {
      if (inValue && phonetic === 0 && cell) cell.value += text
    },
  }
}

export async function* readXlsxRows(filePath: string): AsyncGenerator<ImportFileRow> {
  const verdict = await guardedZipEntries(filePath)
  if (!verdict.ok) throw new ImportFileError(verdict.message)
  const book = await openWorkbook(filePath, verdict.entries)
  const rows: ImportFileRow[] = []
  const parser = xmlParser(sheetHandlers(book, rows))
  const stream = openZipEntry(filePath, book.sheet).setEncoding('utf8')
  try {
    let failure: unknown = null
    for await (const chunk of stream) {
      try {
        parser.write(chunk as string)
      } catch (error) {
        failure = error
      }
      // The rows finished before a fault are the file's: a reader that needs no more never meets it.
      yield* rows.splice(0)
      if (failure) throw failure instanceof ImportFileError ? failure : unreadable()
    }
    try {
      parser.close()
    } catch {
      throw unreadable()
    }
    yield* rows.splice(0)
  } finally {
    stream.destroy()
  }
}
