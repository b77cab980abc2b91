// Issue #13 "Who may do it": an XLSX that is a ZIP bomb gets a French refusal before anything unzips it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipOf } from '../../../tests/factories/zip-archive.ts'
import type { ZipTestEntry } from '../../../tests/factories/zip-archive.ts'
import { checkZipArchive, XLSX_TOO_LARGE_MESSAGE, XLSX_UNREADABLE_MESSAGE } from './zip-guard.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-guard-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

let counter = 0
async function check(
  content: Buffer | ZipTestEntry[],
  limits?: { maxUncompressedBytes: number; maxRatio: number },
) {
  const path = join(dir, `file-${counter++}.xlsx`)
  await writeFile(path, Array.isArray(content) ? zipOf(content) : content)
  return checkZipArchive(path, limits)
}

const xml = Buffer.from(
  `<?xml version="1.0"?><worksheet>${'<row><c t="s"><v>1</v></c></row>'.repeat(50)}</worksheet>`,
)
const sheet = (overrides: Partial<ZipTestEntry> = {}): ZipTestEntry => ({
  name: 'xl/worksheets/sheet1.xml',
  data: deflateRawSync(xml),
  size: xml.length,
  ...overrides,
})
const tooLarge = { ok: false, message: XLSX_TOO_LARGE_MESSAGE }
const unreadable = { ok: false, message: XLSX_UNREADABLE_MESSAGE }

describe('checkZipArchive', () => {
  it('accepts the XLSX fixture and an honest archive', async () => {
    expect(await checkZipArchive('tests/fixtures/leads.xlsx')).toEqual({ ok: true })
    const stored = Buffer.from('[Content_Types]')
    expect(await check([sheet(), { name: 'a.txt', data: stored, size: stored.length, method: 0 }])).toEqual({
      ok: true,
    })
  })

  it('refuses a compression ratio above 200', async () => {
    const zeros = Buffer.alloc(5 * 1024 * 1024)
    expect(await check([sheet({ data: deflateRawSync(zeros), size: zeros.length })])).toEqual(tooLarge)
  })

  it('refuses more than the uncompressed total allowed, as declared', async () => {
    const zeros = Buffer.alloc(64 * 1024)
    const entry = { data: deflateRawSync(zeros), size: zeros.length }
    const entries = Array.from({ length: 3 }, (_, i) => sheet({ ...entry, name: `xl/s${i}.xml` }))
    expect(await check(entries, { maxUncompressedBytes: 150 * 1024, maxRatio: 10_000 })).toEqual(tooLarge)
    expect(await check(entries, { maxUncompressedBytes: 200 * 1024, maxRatio: 10_000 })).toEqual({ ok: true })
  })

  it('refuses an entry that inflates to more than it declares', async () => {
    const zeros = Buffer.alloc(2 * 1024 * 1024)
    // The headers claim 1,000 bytes; the data holds 2 MB of zeros.
    expect(await check([sheet({ data: deflateRawSync(zeros), size: 1000 })])).toEqual(tooLarge)
  })

  it('refuses a local entry the central directory hides', async () => {
    const zeros = Buffer.alloc(1024 * 1024)
    expect(
      await check([
        sheet(),
        sheet({ name: 'hidden.xml', data: deflateRawSync(zeros), size: zeros.length, hidden: true }),
      ]),
    ).toEqual(unreadable)
  })

  it('refuses a truncated deflate stream, a lying compressed size and what is not a ZIP', async () => {
    const data = deflateRawSync(xml)
    expect(await check([sheet({ data: data.subarray(0, data.length - 4) })])).toEqual(unreadable)
    expect(await check([sheet({ declaredCompressed: data.length + 100 })])).toEqual(unreadable)
    expect(await check(Buffer.from('PK\x03\x04 not really a zip'))).toEqual(unreadable)
  })
})
