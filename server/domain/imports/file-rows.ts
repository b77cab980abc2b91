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

/**
 * Blank rows left out; the first other row is the header, refused past MAX_COLUMNS cells; every
 * later row cut to the header's width (a row of 200,000 separators keeps as many cells as the header
 * names), and at most `maxRows` rows (header included) read.
 */
export async function* headerShaped(
  rows: AsyncIterable<ImportFileRow>,
  maxRows = Number.POSITIVE_INFINITY,
): AsyncGenerator<ImportFileRow> {
  let width: number | null = null
  let count = 0
  for await (const row of rows) {
    if (isBlank(row.cells)) continue
    if (width === null) {
      if (row.cells.length > MAX_COLUMNS) throw new ImportFileError(TOO_MANY_COLUMNS_MESSAGE)
      width = row.cells.length
      yield row
    } else yield row.cells.length > width ? { line: row.line, cells: row.cells.slice(0, width) } : row
    if (++count >= maxRows) return
  }
}
