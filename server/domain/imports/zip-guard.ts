// ZIP-bomb guard for uploaded XLSX files (issue #13 "Who may do it", issue #26; docs/domain.md "Lead
// import"). Before any part is parsed: (1) the central directory's declared sizes must stay under
// 100 MB in all and a compression ratio of 200; (2) the entries must follow each other with nothing
// hidden between them; (3) each entry is inflated once, streaming and discarded, and must not produce
// more than it declares. The XLSX reader (xlsx-rows.ts) then reads only the entries checked here.
import { open } from 'node:fs/promises'
import { createReadStream } from 'node:fs'
import { createInflateRaw } from 'node:zlib'
import { locateEntries, readCentralDirectory, type LocatedZipEntry } from './zip-directory.ts'

export const XLSX_TOO_LARGE_MESSAGE = 'Fichier XLSX refusé : contenu décompressé trop volumineux.'
export const XLSX_UNREADABLE_MESSAGE = 'Ce fichier n’est pas un XLSX lisible.'

export type ZipLimits = { maxUncompressedBytes: number; maxRatio: number }
/**
 * 100 MB unzipped (issue #26): a lead file of 100,000 rows × 20 columns written as Excel does (cell
 * references, shared strings) is 77 MB, the benchmark's 45,000 × 40 workbook 63 MB; 300 MB (the
 * former cap) let through sheets of several million cells.
 */
export const XLSX_ZIP_LIMITS: ZipLimits = { maxUncompressedBytes: 100 * 1024 * 1024, maxRatio: 200 }

type Verdict = { ok: true } | { ok: false; message: string }

type Inflated = 'ok' | 'tooLarge' | 'unreadable'

/** Inflates one entry and throws the output away: more than it declares is a bomb; not a whole deflate stream, unreadable. */
function inflateEntry(filePath: string, entry: LocatedZipEntry): Promise<Inflated> {
  if (entry.method === 0)
    return Promise.resolve(entry.compressed === entry.uncompressed ? 'ok' : 'unreadable')
  if (entry.method !== 8 || entry.compressed === 0) return Promise.resolve('unreadable')
  const { start } = entry
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

/** The archive's entries once checked against `limits`, or the French refusal. */
export async function guardedZipEntries(
  filePath: string,
  limits: ZipLimits = XLSX_ZIP_LIMITS,
): Promise<{ ok: true; entries: LocatedZipEntry[] } | { ok: false; message: string }> {
  const unreadable = { ok: false as const, message: XLSX_UNREADABLE_MESSAGE }
  const tooLarge = { ok: false as const, message: XLSX_TOO_LARGE_MESSAGE }
  const handle = await open(filePath, 'r')
  let entries: LocatedZipEntry[] | null
  try {
    const { size } = await handle.stat()
    const directory = await readCentralDirectory(handle, size)
    if (!directory || directory.entries.length === 0) return unreadable
    const uncompressed = directory.entries.reduce((sum, entry) => sum + entry.uncompressed, 0)
    const compressed = directory.entries.reduce((sum, entry) => sum + entry.compressed, 0)
    if (
      uncompressed > limits.maxUncompressedBytes ||
      uncompressed > Math.max(compressed, 1) * limits.maxRatio
    )
      return tooLarge
    entries = await locateEntries(handle, directory.entries, directory.start)
  } finally {
    await handle.close()
  }
  if (!entries) return unreadable
  for (const entry of entries) {
    const inflated = await inflateEntry(filePath, entry)
    if (inflated !== 'ok') return inflated === 'tooLarge' ? tooLarge : unreadable
  }
  return { ok: true, entries }
}

/** Whether an XLSX (ZIP) file may be unzipped: declared and actual sizes within `limits`. */
export async function checkZipArchive(
  filePath: string,
  limits: ZipLimits = XLSX_ZIP_LIMITS,
): Promise<Verdict> {
  const verdict = await guardedZipEntries(filePath, limits)
  return verdict.ok ? { ok: true } : verdict
}
