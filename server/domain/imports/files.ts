// Where uploaded lead files live (issue #13; docs/architecture.md "Lead import"): the configured
// files folder (FILES_DIR), shared by every process, under `imports/` with a random name. The upload
// is streamed to disk (never held in memory) and hashed on the way; nothing stays behind a refusal.
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { access, mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { HttpError } from '../../lib/http-error.ts'
import { storedFilePath } from '../files/stored-files.ts'
import { pipeline } from 'node:stream/promises'

export const IMPORT_FILES_FOLDER = 'imports'
/** How long the original file is kept and can be downloaded again (issue #13). */
export const IMPORT_FILE_KEEP_DAYS = 30

export type StoredUpload = {
  /** The name inside the files folder (imports.stored_file). */
  storedFile: string
  absolutePath: string
  size: number
  sha256: string
}

export { storedFilePath }

/** Streams `source` to a new file of the folder, hashing it; removes the partial file on any error. */
export async function storeUpload(filesDir: string, source: Readable): Promise<StoredUpload> {
  await mkdir(path.join(filesDir, IMPORT_FILES_FOLDER), { recursive: true })
  const storedFile = `${IMPORT_FILES_FOLDER}/${randomUUID()}`
  const absolutePath = storedFilePath(filesDir, storedFile)
  const hash = createHash('sha256')
  let size = 0
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk)
      size += chunk.length
      callback(null, chunk)
    },
  })
  try {
    await pipeline(source, measure, createWriteStream(absolutePath, { flags: 'wx' }))
  } catch (error) {
    await rm(absolutePath, { force: true })
    throw error
  }
  return { storedFile, absolutePath, size, sha256: hash.digest('hex') }
}

/** The first `length` bytes of a file (content sniffing). */
export async function readFileHead(absolutePath: string, length: number): Promise<Buffer> {
  const handle = await open(absolutePath, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

export async function removeStoredFile(filesDir: string, storedFile: string | null): Promise<void> {
  if (storedFile) await rm(storedFilePath(filesDir, storedFile), { force: true })
}

export const FILE_GONE = 'Le fichier d’origine n’est plus conservé : il est supprimé 30 jours après l’envoi.'

/** Where an import's original file is, while it is kept (410 FILE_GONE once purged or missing). */
export async function keptOriginalPath(
  filesDir: string,
  row: { storedFile: string | null; fileExpiresAt: Date },
): Promise<string> {
  const gone = new HttpError(410, 'FILE_GONE', FILE_GONE)
  if (!row.storedFile || row.fileExpiresAt.getTime() <= Date.now()) throw gone
  const filePath = storedFilePath(filesDir, row.storedFile)
  await access(filePath).catch(() => {
    throw gone
  })
  return filePath
}
