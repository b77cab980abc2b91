// The purge of expired stored files (issue #13): the file goes, the row stays and says so.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { extractions, imports } from '../../db/schema.ts'
import { insertMission } from '../../../tests/factories/leads.ts'
import { openTestDatabase } from '../../../tests/setup/test-app.ts'
import { purgeExpiredFiles, storedFilePath } from './stored-files.ts'

let database: Database
let drop: () => Promise<void>
let filesDir: string

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  filesDir = await mkdtemp(path.join(tmpdir(), 'purge-'))
})
afterAll(async () => {
  await drop()
  await rm(filesDir, { recursive: true, force: true })
})

const now = new Date('2026-11-25T03:00:00Z')
const day = 86_400_000

/** An import's original, stored as the upload stores it: `imports/<name>` (import-files.ts). */
async function storedImport(missionId: number, name: string, expiresAt: Date) {
  await mkdir(path.join(filesDir, 'imports'), { recursive: true })
  await writeFile(path.join(filesDir, name), 'Nom;Téléphone\n')
  const [row] = await database.db
    .insert(imports)
    .values({
      fileName: 'leads.csv',
      fileSize: 14,
      storedFile: name,
      fileSha256: 'x',
      fileKind: 'csv',
      missionId,
      marketMode: { kind: 'postalCode' },
      columns: [],
      duplicatePolicy: 'skip',
      state: 'done',
      fileExpiresAt: expiresAt,
    })
    .returning({ id: imports.id })
  return row!.id
}

describe('purgeExpiredFiles', () => {
  it('deletes expired import and extraction files, keeps the others and every row', async () => {
    const { mission } = await insertMission(database.db)
    const expired = await storedImport(mission.id, 'imports/old.csv', new Date(now.getTime() - day))
    const kept = await storedImport(mission.id, 'imports/recent.csv', new Date(now.getTime() + day))
    await writeFile(path.join(filesDir, 'extraction.csv'), 'x')
    const [extraction] = await database.db
      .insert(extractions)
      .values({
        filters: {},
        columns: ['lastName'],
        format: 'csv',
        state: 'done',
        storedFile: 'extraction.csv',
        expiresAt: new Date(now.getTime() - 1),
      })
      .returning({ id: extractions.id })
    // A file already gone (another process purged it first) is not an error.
    const [ghost] = await database.db
      .insert(extractions)
      .values({
        filters: {},
        columns: [],
        format: 'csv',
        state: 'done',
        storedFile: 'gone.csv',
        expiresAt: new Date(0),
      })
      .returning({ id: extractions.id })

    expect(await purgeExpiredFiles(database.db, filesDir, now)).toEqual({
      imports: 1,
      extractions: 2,
      partials: 0,
      abandoned: 0,
    })

    expect(await readdir(filesDir)).toEqual(['imports'])
    expect(await readdir(path.join(filesDir, 'imports'))).toEqual(['recent.csv'])
    const stored = async (id: number) =>
      (await database.db.select({ f: imports.storedFile }).from(imports).where(eq(imports.id, id)))[0]!.f
    expect(await stored(expired)).toBeNull()
    expect(await stored(kept)).toBe('imports/recent.csv')
    for (const id of [extraction!.id, ghost!.id]) {
      const [row] = await database.db.select().from(extractions).where(eq(extractions.id, id))
      expect(row?.storedFile).toBeNull()
    }
    // Nothing left to do the second time.
    expect(await purgeExpiredFiles(database.db, filesDir, now)).toEqual({
      imports: 0,
      extractions: 0,
      partials: 0,
      abandoned: 0,
    })
  })

  it('removes the partial file of an extraction a killed run left, once a day old (issue #30)', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'purge-partials-'))
    const old = path.join(folder, 'extraction-7-0a1b2c.csv.part')
    const fresh = path.join(folder, 'extraction-8-3d4e5f.xlsx.part')
    const unrelated = path.join(folder, 'notes.part')
    for (const file of [old, fresh, unrelated]) await writeFile(file, 'Nom;Téléphone\r\n')
    // Last written 25 hours before the purge; the other 23 hours (a run may still be writing it).
    await utimes(old, new Date(now.getTime() - 25 * 3_600_000), new Date(now.getTime() - 25 * 3_600_000))
    await utimes(fresh, new Date(now.getTime() - 23 * 3_600_000), new Date(now.getTime() - 23 * 3_600_000))
    expect(await purgeExpiredFiles(database.db, folder, now)).toEqual({
      imports: 0,
      extractions: 0,
      partials: 1,
      abandoned: 0,
    })
    expect((await readdir(folder)).sort()).toEqual(['extraction-8-3d4e5f.xlsx.part', 'notes.part'])
    await rm(folder, { recursive: true, force: true })
  })

  it('never leaves the files folder, whatever the stored name', () => {
    expect(() => storedFilePath('/srv/files', '../../etc/passwd')).toThrow(/outside the files folder/)
    expect(storedFilePath('/srv/files', 'imports/abc')).toBe('/srv/files/imports/abc')
  })
})
