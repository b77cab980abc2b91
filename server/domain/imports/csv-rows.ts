// A CSV lead file → rows of text cells (issue #13 "Integration"; docs/domain.md "Lead import"): decoded
// and parsed streaming (csv-parse), so a 50 MB file costs constant memory. Runs in the reading thread
// (read-worker.ts), never on the server's main thread (issue #26).
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline, Transform } from 'node:stream'
import type { TransformCallback } from 'node:stream'
import { parse } from 'csv-parse'
import { SNIFF_BYTES, hasUtf8Bom, sniffDelimiter, sniffEncoding } from './csv-sniff.ts'
import type { CsvDelimiter, CsvEncoding } from './csv-sniff.ts'
import { ImportFileError, type ImportFileRow } from './file-rows.ts'

/** The encoding and delimiter a CSV file is read with (the import records them). */
export type CsvFormat = { encoding: CsvEncoding; delimiter: CsvDelimiter }

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

export async function inspectCsv(filePath: string): Promise<CsvFormat> {
  const sample = await readHead(filePath, SNIFF_BYTES)
  let encoding = sniffEncoding(sample)
  // The first 64 KB may be plain ASCII while later rows carry Windows-1252 accents: a UTF-8 guess
  // without a BOM holds only if the whole file decodes (one streaming pass, ~20 ms for 50 MB).
  if (encoding === 'utf-8' && !hasUtf8Bom(sample) && !(await isValidUtf8(filePath))) encoding = 'windows-1252'
  // Non-fatal streaming decode: a character cut at the sample's end is simply left out.
  const text = new TextDecoder(encoding).decode(sample, { stream: true })
  return { encoding, delimiter: sniffDelimiter(text) }
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

/** Every record with its number in the file (the header is 1; a quoted line break stays inside its record). */
export async function* readCsvRows(filePath: string, format: CsvFormat): AsyncGenerator<ImportFileRow> {
  const parser = parse({
    delimiter: format.delimiter,
    relax_column_count: true,
    // Stray quotes inside unquoted cells (`Jean "Jo" Martin`) are common in exports: kept as text.
    relax_quotes: true,
    trim: true,
    max_record_size: 1024 * 1024,
  })
  // Errors of any stage reach the parser, whose iteration below throws them.
  const records = pipeline(createReadStream(filePath), decoding(format.encoding), parser, () => {})
  let line = 0
  try {
    for await (const record of records as AsyncIterable<string[]>) yield { line: ++line, cells: record }
  } catch (error) {
    throw csvError(error)
  }
}
