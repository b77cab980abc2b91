// ZIP-bomb guard for uploaded XLSX files (issue #13 "Who may do it"; docs/domain.md "Lead import").
// read-excel-file unzips the whole workbook in memory from the local headers, with no size limit, so
// before it runs: (1) the central directory's declared sizes must stay under 300 MB in all and a
// compression ratio of 200; (2) the entries must follow each other with nothing hidden between them
// (a local entry the directory does not list would still be unzipped); (3) each entry is inflated
// once, streaming and discarded, and must not produce more than it declares. No library of the
// project reads a central directory, hence these few lines of the ZIP format (APPNOTE 4.3).
import { open } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { createInflateRaw } from 'node:zlib'

export const XLSX_TOO_LARGE_MESSAGE = 'Fichier XLSX refusé : contenu décompressé trop volumineux.'
export const XLSX_UNREADABLE_MESSAGE = 'Ce fichier n’est pas un XLSX lisible.'

export type ZipLimits = { maxUncompressedBytes: number; maxRatio: number }
export const XLSX_ZIP_LIMITS: ZipLimits = { maxUncompressedBytes: 300 * 1024 * 1024, maxRatio: 200 }

type Entry = { flags: number; method: number; compressed: number; uncompressed: number; offset: number }
type Verdict = { ok: true } | { ok: false; message: string }

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const EOCD_MIN = 22
const MAX_COMMENT = 0xffff
/** A data descriptor after an entry's data: optional signature, CRC, two sizes (4 or 8 bytes each). */
const MAX_DESCRIPTOR = 24

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

async function readCentralDirectory(
  handle: FileHandle,
  size: number,
): Promise<{ entries: Entry[]; start: number } | null> {
  const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT)
  const tail = await readAt(handle, size - tailLength, tailLength)
  let at = tail.length - EOCD_MIN
  while (at >= 0 && tail.readUInt32LE(at) !== EOCD_SIGNATURE) at--
  if (at < 0) return null
  const count = tail.readUInt16LE(at + 10)
  const directorySize = tail.readUInt32LE(at + 12)
  const start = tail.readUInt32LE(at + 16)
  // ZIP64 markers: no workbook under the upload limit needs them.
  if (count === 0xffff || start === 0xffffffff || start + directorySize > size) return null
  const directory = await readAt(handle, start, directorySize)
  const entries: Entry[] = []
  let p = 0
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null
    entries.push({
      flags: directory.readUInt16LE(p + 8),
      method: directory.readUInt16LE(p + 10),
      compressed: directory.readUInt32LE(p + 20),
      uncompressed: directory.readUInt32LE(p + 24),
      offset: directory.readUInt32LE(p + 42),
    })
    p += 46 + directory.readUInt16LE(p + 28) + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32)
  }
  return { entries, start }
}

/** Where each entry's data starts; null unless the entries tile the file up to the directory. */
async function dataStarts(
  handle: FileHandle,
  entries: Entry[],
  directoryStart: number,
): Promise<number[] | null> {
  const sorted = [...entries].sort((a, b) => a.offset - b.offset)
  const starts: number[] = []
  let expected = 0
  for (const entry of sorted) {
    if (entry.offset < expected || entry.offset > expected + MAX_DESCRIPTOR) return null
    if (starts.length === 0 && entry.offset !== 0) return null
    const header = await readAt(handle, entry.offset, 30)
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) return null
    const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    starts.push(start)
    expected = start + entry.compressed
  }
  if (directoryStart < expected || directoryStart > expected + MAX_DESCRIPTOR) return null
  entries.splice(0, entries.length, ...sorted)
  return starts
}

type Inflated = 'ok' | 'tooLarge' | 'unreadable'

/** Inflates one entry and throws the output away: more than it declares is a bomb; not a whole deflate stream, unreadable. */
function inflateEntry(filePath: string, start: number, entry: Entry): Promise<Inflated> {
  if (entry.method === 0)
    return Promise.resolve(entry.compressed === entry.uncompressed ? 'ok' : 'unreadable')
  if (entry.method !== 8 || entry.compressed === 0) return Promise.resolve('unreadable')
  return new Promise((resolve) => {
    const input = createReadStream(filePath, { start, end: start + entry.compressed - 1 })
    const inflate = createInflateRaw()
    let produced = 0
    const stop = (verdict: Inflated) => {
      input.destroy()
      inflate.destroy()
      resolve(verdict)
    }
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length
      if (produced > entry.uncompressed) stop('tooLarge')
    })
    inflate.on('end', () => stop(produced === entry.uncompressed ? 'ok' : 'unreadable'))
    inflate.on('error', () => stop('unreadable'))
    input.on('error', () => stop('unreadable'))
    input.pipe(inflate)
  })
}

/** Whether an XLSX (ZIP) file may be unzipped: declared and actual sizes within `limits`. */
export async function checkZipArchive(
  filePath: string,
  limits: ZipLimits = XLSX_ZIP_LIMITS,
): Promise<Verdict> {
  const unreadable = { ok: false as const, message: XLSX_UNREADABLE_MESSAGE }
  const tooLarge = { ok: false as const, message: XLSX_TOO_LARGE_MESSAGE }
  const handle = await open(filePath, 'r')
  let entries: Entry[]
  let starts: number[] | null
  try {
    const { size } = await handle.stat()
    const directory = await readCentralDirectory(handle, size)
    if (!directory || directory.entries.length === 0) return unreadable
    entries = directory.entries
    const uncompressed = entries.reduce((sum, entry) => sum + entry.uncompressed, 0)
    const compressed = entries.reduce((sum, entry) => sum + entry.compressed, 0)
    if (
      uncompressed > limits.maxUncompressedBytes ||
      uncompressed > Math.max(compressed, 1) * limits.maxRatio
    )
      return tooLarge
    starts = await dataStarts(handle, entries, directory.start)
  } finally {
    await handle.close()
  }
  if (!starts) return unreadable
  for (const [i, entry] of entries.entries()) {
    const inflated = await inflateEntry(filePath, starts[i]!, entry)
    if (inflated !== 'ok') return inflated === 'tooLarge' ? tooLarge : unreadable
  }
  return { ok: true }
}
