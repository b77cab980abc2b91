// The import fixtures and benchmark files (scripts/generate-import-fixtures.ts) hold what they promise:
// read and validated by this folder's functions, as the import job will.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { suggestMapping } from '../../../src/contracts/import-headers.ts'
import { WINDOWS_1252_FIXTURE, writeLeadsCsv } from '../../../scripts/generate-import-fixtures.ts'
import { inspectCsv } from './csv-rows.ts'
import type { ImportFileKind } from './file-rows.ts'
import { readImportRows } from './read-file.ts'
import { validateImportRow } from './validate-row.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-fixtures-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const context = {
  markets: [
    {
      id: 1,
      name: 'France',
      postalCodePrefixes: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].flatMap((d) => [
        `${d}0`,
        `${d}1`,
        `${d}2`,
        `${d}3`,
        `${d}4`,
        `${d}5`,
        `${d}6`,
        `${d}7`,
        `${d}8`,
        `${d}9`,
      ]),
    },
  ],
  marketMode: { kind: 'postalCode' as const },
  now: new Date('2026-11-25T10:00:00.000Z'),
}

/** Lines of invalid rows, lines whose phone an earlier valid row had, and the count of valid rows. */
async function audit(path: string, kind: ImportFileKind = 'csv') {
  let mapping: ReturnType<typeof suggestMapping> = []
  const invalid: number[] = []
  const warnings: number[] = []
  const duplicates: number[] = []
  const phones = new Set<string>()
  let valid = 0
  for await (const { line, cells } of readImportRows(path, kind)) {
    if (line === 1) {
      mapping = suggestMapping(cells)
      continue
    }
    const result = validateImportRow(cells, mapping, context)
    if (!result.ok) invalid.push(line)
    else if (result.warnings.length > 0) warnings.push(line)
    if (!result.ok) continue
    if (phones.has(result.lead.phone)) duplicates.push(line)
    else {
      phones.add(result.lead.phone)
      valid++
    }
  }
  return { invalid, warnings, duplicates, valid }
}

describe('import fixtures', () => {
  it('the Windows-1252 file has its bad row, two rows with warnings and two duplicates where documented', async () => {
    const result = await audit(join('tests/fixtures', WINDOWS_1252_FIXTURE.file))
    expect(result.invalid).toEqual(WINDOWS_1252_FIXTURE.invalidLines)
    expect(result.warnings).toEqual(WINDOWS_1252_FIXTURE.warningLines)
    expect(result.duplicates).toEqual(WINDOWS_1252_FIXTURE.duplicateLines)
    expect(result.valid).toBe(WINDOWS_1252_FIXTURE.dataRows - 3)
  })

  it.each([
    ['leads-utf8-bom-comma.csv', 'csv'],
    ['leads-tab.tsv', 'csv'],
    ['leads.xlsx', 'xlsx'],
  ] as const)('every row of %s is valid', async (file, kind) => {
    expect(await audit(join('tests/fixtures', file), kind)).toEqual({
      invalid: [],
      warnings: [],
      duplicates: [],
      valid: 10,
    })
  })

  it('writeLeadsCsv streams the requested share of bad rows and duplicates', async () => {
    const path = join(dir, 'bench.csv')
    await writeLeadsCsv(path, 5000, { badRatio: 0.02, duplicateRatio: 0.03, seed: 7 })
    expect(await inspectCsv(path)).toEqual({ encoding: 'windows-1252', delimiter: ';' })
    const { invalid, warnings, duplicates, valid } = await audit(path)
    expect(invalid.length + duplicates.length + valid).toBe(5000)
    // A bad row has one bad cell: a phone rejects it, an e-mail or a date is a warning (issue #31).
    expect(invalid.length).toBeGreaterThan(10)
    expect(warnings.length).toBeGreaterThan(invalid.length)
    expect(invalid.length + warnings.length).toBeGreaterThan(50)
    expect(invalid.length + warnings.length).toBeLessThan(150)
    expect(duplicates.length).toBeGreaterThan(100)
    expect(duplicates.length).toBeLessThan(200)
  })
})
