// The entries of a ZIP archive (an XLSX) as its central directory lists them (APPNOTE 4.3), and a
// stream of one entry's bytes. Read by offset, not front to back: an XLSX's parts come in any order
// (Excel writes the sheet before the shared strings it needs), so the reader opens the parts it needs
// in the order it needs them. The guard (zip-guard.ts) checks the same entries before anything reads them.
import { createReadStream } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'

export type ZipEntry = {
  name: string
  method: number
  compressed: number
  uncompressed: number
  /** Where the entry's local header starts. */
  offset: number
}
/** An entry whose data start is known (after its local header). */
export type LocatedZipEntry = ZipEntry & { start: number }

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

/** The central directory's entries and where it starts; null when it cannot be read. */
export async function readCentralDirectory(
  handle: FileHandle,
  size: number,
): Promise<{ entries: ZipEntry[]; start: number } | null> {
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
  const entries: ZipEntry[] = []
  let p = 0
  for (let i = 0; i < count; i++) {
    if (p + 46 > directory.length || directory.readUInt32LE(p) !== CENTRAL_SIGNATURE) return null
    const nameLength = directory.readUInt16LE(p + 28)
    entries.push({
      name: directory.toString('utf8', p + 46, p + 46 + nameLength),
      method: directory.readUInt16LE(p + 10),
      compressed: directory.readUInt32LE(p + 20),
      uncompressed: directory.readUInt32LE(p + 24),
      offset: directory.readUInt32LE(p + 42),
    })
    p += 46 + nameLength + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32)
  }
  return { entries, start }
}

/**
 * The entries in file order with their data starts; null unless they tile the file up to the
 * directory (a local entry the directory does not list would be hidden between two listed ones).
 */
export async function locateEntries(
  handle: FileHandle,
  entries: ZipEntry[],
  directoryStart: number,
): Promise<LocatedZipEntry[] | null> {
  const sorted = [...entries].sort((a, b) => a.offset - b.offset)
  const located: LocatedZipEntry[] = []
  let expected = 0
  for (const entry of sorted) {
    if (entry.offset < expected || entry.offset > expected + MAX_DESCRIPTOR) return null
    if (located.length === 0 && entry.offset !== 0) return null
    const header = await readAt(handle, entry.offset, 30)
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_SIGNATURE) return null
    const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
    located.push({ ...entry, start })
    expected = start + entry.compressed
  }
  if (directoryStart < expected || directoryStart > expected + MAX_DESCRIPTOR) return null
  return located
}

/** The entry's uncompressed bytes, streamed (stored or deflated; the guard refused any other method). */
export function openZipEntry(filePath: string, entry: LocatedZipEntry): Readable {
  if (entry.compressed === 0) return Readable.from([])
  const raw = createReadStream(filePath, {
    start: entry.start,
    end: entry.start + entry.compressed - 1,
    highWaterMark: 64 * 1024,
  })
  if (entry.method === 0) return raw
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 })
  raw.on('error', (error) => inflate.destroy(error))
  inflate.on('close', () => raw.destroy())
  return raw.pipe(inflate)
}
