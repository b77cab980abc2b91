// The browser's own preview of a chosen lead file (issue #13), shown while the file uploads: its
// first rows, read with papaparse (CSV) or read-excel-file (XLSX). Both load on demand, so neither
// weighs on any other page. The server reads the whole file again; this is display only.
import { IMPORT_MAX_FILE_BYTES } from '../../contracts/import-fields.ts'

export const PREVIEW_ROWS = 20
/** Enough of a CSV for 20 rows, even long ones; the rest is not read. */
const CSV_HEAD_BYTES = 256 * 1024
const MAX_COLUMNS = 500

export type FileKind = 'csv' | 'xlsx'

export type FilePreview = {
  kind: FileKind
  /** CSV only: `UTF-8` or `Windows-1252`, and the delimiter papaparse detected. */
  encoding: string | null
  delimiter: string | null
  headers: string[]
  rows: string[][]
}

/** What the file step refuses before sending anything. */
export type FileProblem = 'tooLarge' | 'wrongKind' | 'empty'

export function fileKindOf(file: File): FileKind | null {
  const name = file.name.toLowerCase()
  if (name.endsWith('.xlsx')) return 'xlsx'
  if (/\.(?:csv|tsv|txt)$/.test(name)) return 'csv'
  return null
}

export function fileProblem(file: File): FileProblem | null {
  if (file.size > IMPORT_MAX_FILE_BYTES) return 'tooLarge'
  if (fileKindOf(file) === null) return 'wrongKind'
  if (file.size === 0) return 'empty'
  return null
}

/**
 * UTF-8 when the first bytes decode as UTF-8 (a BOM is dropped), else Windows-1252, as French
 * spreadsheet exports write. `stream` keeps a character cut by the end of the slice from failing.
 */
export function decodeCsvHead(bytes: Uint8Array): { text: string; encoding: string } {
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }),
      encoding: 'UTF-8',
    }
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' }
  }
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return ''
  if (cell instanceof Date) return cell.toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })
  return String(cell)
}

function split(table: unknown[][]): { headers: string[]; rows: string[][] } {
  const [first = [], ...rest] = table
  const headers = first.slice(0, MAX_COLUMNS).map(cellText)
  const rows = rest.slice(0, PREVIEW_ROWS).map((row) => row.slice(0, MAX_COLUMNS).map(cellText))
  return { headers, rows }
}

async function previewCsv(file: File): Promise<FilePreview> {
  const head = new Uint8Array(await file.slice(0, CSV_HEAD_BYTES).arrayBuffer())
  const { text, encoding } = decodeCsvHead(head)
  const { default: Papa } = await import('papaparse')
  const result = Papa.parse<string[]>(text, { preview: PREVIEW_ROWS + 1, skipEmptyLines: 'greedy' })
  const table = result.data
  // A slice that ends inside a row: that last row is incomplete.
  if (file.size > CSV_HEAD_BYTES && table.length <= PREVIEW_ROWS) table.pop()
  return { kind: 'csv', encoding, delimiter: result.meta.delimiter || null, ...split(table) }
}

async function previewXlsx(file: File): Promise<FilePreview> {
  const { readSheet } = await import('read-excel-file/browser')
  const table = await readSheet(file)
  return { kind: 'xlsx', encoding: null, delimiter: null, ...split(table) }
}

export function previewFile(file: File): Promise<FilePreview> {
  return fileKindOf(file) === 'xlsx' ? previewXlsx(file) : previewCsv(file)
}
