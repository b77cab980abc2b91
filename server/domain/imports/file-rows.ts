// What reading a lead file gives (issue #13 "Integration"; issue #26): its rows of text cells with their
// line in the file, the header first, each row cut to the header's width, and the French refusal
// of a file that cannot be read. Shared by the reading thread (read-worker.ts) and its callers.

export type ImportFileKind = 'csv' | 'xlsx'
export type ImportFileRow = { line: number; cells: string[] }

/** A file that cannot be read as what it claims; `message` is French, for the user. */
export class ImportFileError extends Error {
  override name = 'ImportFileError'
}

/** Columns a file may have (its header's width). */
export const MAX_COLUMNS = 500
export const TOO_MANY_COLUMNS_MESSAGE = `Le fichier a plus de ${MAX_COLUMNS} colonnes.`

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '')
}

/** Rows read to find the header (a title line, a date or blank cells may stand above it). */
export const HEADER_SEARCH_ROWS = 10

/**
 * The line of the header among a file's first non-blank rows (`rows`, as read): the first row that
 * fills at least half as many cells as the fullest of them (and two at least), so a title line above
 * the header (« Export leads courtier — novembre 2026 », one cell) is passed over. 1 when none is.
 */
export function detectHeaderLine(rows: ImportFileRow[]): number {
  const filled = rows.map((row) => row.cells.filter((cell) => cell.trim() !== '').length)
  const most = Math.max(0, ...filled)
  const index = filled.findIndex((count) => count >= 2 && count * 2 >= most)
  return index <= 0 ? (rows[0]?.line ?? 1) : rows[index]!.line
}

/** The first `maxRows` non-blank rows as read, each cut to MAX_COLUMNS cells (to choose the header). */
export async function* rawRows(
  rows: AsyncIterable<ImportFileRow>,
  maxRows: number,
): AsyncGenerator<ImportFileRow> {
  let count = 0
  for await (const row of rows) {
    if (count >= maxRows) return
    if (isBlank(row.cells)) continue
    yield row.cells.length > MAX_COLUMNS ? { line: row.line, cells: row.cells.slice(0, MAX_COLUMNS) } : row
    count++
  }
}

/**
 * Blank rows and rows before `headerLine` left out; the first other row is the header, refused past
 * MAX_COLUMNS cells; every later row cut to the header's width (a row of 200,000 separators keeps as
 * many cells as the header names), and at most `maxRows` rows (header included) read.
 */
export async function* headerShaped(
  rows: AsyncIterable<ImportFileRow>,
  maxRows = Number.POSITIVE_INFINITY,
  headerLine = 1,
): AsyncGenerator<ImportFileRow> {
  let width: number | null = null
  let count = 0
  for await (const row of rows) {
    if (row.line < headerLine || isBlank(row.cells)) continue
    if (width === null) {
      if (row.cells.length > MAX_COLUMNS) throw new ImportFileError(TOO_MANY_COLUMNS_MESSAGE)
      width = row.cells.length
      yield row
    } else yield row.cells.length > width ? { line: row.line, cells: row.cells.slice(0, width) } : row
    if (++count >= maxRows) return
  }
}
