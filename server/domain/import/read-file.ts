// Uploaded lead files → rows of text cells (issue #13 "Integration"; docs/domain.md "Lead import").
// CSV is decoded and parsed streaming (csv-parse), so a 50 MB file costs constant memory; XLSX goes
// through read-excel-file's node entry after the ZIP-bomb guard (zip-guard.ts).
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline, Transform } from 'node:stream'
import type { TransformCallback } from 'node:stream'
import { parse } from 'csv-parse'
import { readSheet } from 'read-excel-file/node'
import { SNIFF_BYTES, hasUtf8Bom, sniffDelimiter, sniffEncoding } from './csv-sniff.ts'
import type { CsvDelimiter, CsvEncoding } from './csv-sniff.ts'
import { checkZipArchive, XLSX_UNREADABLE_MESSAGE } from './zip-guard.ts'

export type ImportFileKind = 'csv' | 'xlsx'
export type ImportFileRow = { line: number; cells: string[] }

/** A file that cannot be read as what it claims; `message` is French, for the user. */
export class ImportFileError extends Error {
  override name = 'ImportFileError'
}

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

async function readHead(filePath: string, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The encoding and delimiter a CSV file is read with (the import records them). */
export async function inspectCsv(
  filePath: string,
): Promise<{ encoding: CsvEncoding; delimiter: CsvDelimiter }> {
  const sample = await readHead(filePath, SNIFF_BYTES)
  let encoding = sniffEncoding(sample)
  // The first 64 KB may be plain ASCII while later rows carry Windows-1252 accents: a UTF-8 guess
  // without a BOM holds only if the whole file decodes (one streaming pass, ~20 ms for 50 MB).
  if (encoding === 'utf-8' && !hasUtf8Bom(sample) && !(await isValidUtf8(filePath))) encoding = 'windows-1252'
  // Non-fatal streaming decode: a character cut at the sample's end is simply left out.
  const text = new TextDecoder(encoding).decode(sample, { stream: true })
  return { encoding, delimiter: sniffDelimiter(text) }
}

async function isValidUtf8(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 }))
      decoder.decode(chunk as Buffer, { stream: true })
    decoder.decode()
    return true
  } catch {
    return false
  }
}

/** Bytes → text, chunk by chunk (a character split between chunks waits for its end; a UTF-8 BOM is dropped). */
function decoding(encoding: CsvEncoding): Transform {
  const decoder = new TextDecoder(encoding)
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      callback(null, decoder.decode(chunk, { stream: true }))
    },
    flush(callback: TransformCallback) {
      callback(null, decoder.decode())
    },
  })
}

const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'un guillemet ouvert n’est jamais fermé',
  CSV_MAX_RECORD_SIZE: 'une ligne dépasse 1 Mo',
}

function csvError(error: unknown): ImportFileError {
  const { code, lines } = (error ?? {}) as { code?: string; lines?: number }
  const reason = (code && CSV_ERRORS[code]) ?? 'le contenu est mal formé'
  const where = typeof lines === 'number' ? ` (vers la ligne ${lines})` : ''
  return new ImportFileError(`Le fichier CSV ne peut pas être lu${where} : ${reason}.`)
}

function isBlank(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '')
}

async function* readCsvRows(filePath: string): AsyncGenerator<ImportFileRow> {
  const { encoding, delimiter } = await inspectCsv(filePath)
  const parser = parse({
    delimiter,
    relax_column_count: true,
    // Stray quotes inside unquoted cells (`Jean "Jo" Martin`) are common in exports: kept as text.
    relax_quotes: true,
    trim: true,
    max_record_size: 1024 * 1024,
  })
  // Errors of any stage reach the parser, whose iteration below throws them.
  const records = pipeline(createReadStream(filePath), decoding(encoding), parser, () => {})
  let line = 0
  try {
    for await (const record of records as AsyncIterable<string[]>) {
      line++
      if (!isBlank(record)) yield { line, cells: record }
    }
  } catch (error) {
    throw csvError(error)
  }
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0')
}

/** read-excel-file's cells as text: a Date (its wall clock in UTC fields) as local ISO, which parseFrenchDate reads in Paris. */
export function xlsxCellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return ''
    // Excel stores times as fractions of a day: 09:30 may come back as 09:29:59.999.
    const wall = new Date(Math.round(value.getTime() / 1000) * 1000)
    const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`
    return `${date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
  }
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

async function* readXlsxRows(filePath: string): AsyncGenerator<ImportFileRow> {
  const verdict = await checkZipArchive(filePath)
  if (!verdict.ok) throw new ImportFileError(verdict.message)
  let rows: unknown[][]
  try {
    rows = (await readSheet(filePath)) as unknown[][]
  } catch {
    throw new ImportFileError(XLSX_UNREADABLE_MESSAGE)
  }
  for (const [index, row] of rows.entries()) {
    const cells = row.map(xlsxCellText)
    if (!isBlank(cells)) yield { line: index + 1, cells }
  }
}

/**
 * The header row (line 1) then each non-blank data row with its line in the file: the CSV record's
 * number (the header is 1; a blank record keeps its number), the sheet's row for XLSX. Throws an
 * ImportFileError (French message) when the file cannot be read.
 */
export function readImportRows(filePath: string, kind: ImportFileKind): AsyncIterable<ImportFileRow> {
  return kind === 'csv' ? readCsvRows(filePath) : readXlsxRows(filePath)
}
