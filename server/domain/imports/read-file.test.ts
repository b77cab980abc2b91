// Issue #13 "Integration": the sample files of tests/fixtures (scripts/generate-import-fixtures.ts)
// and edge cases of real exports, read as rows with their line numbers.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { deflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  encodeWindows1252,
  LEAD_FIXTURE_HEADERS,
  WINDOWS_1252_FIXTURE,
} from '../../../scripts/generate-import-fixtures.ts'
import { inlineRows, workbookParts, xlsxOf } from '../../../tests/factories/xlsx-workbook.ts'
import { zipOf } from '../../../tests/factories/zip-archive.ts'
import { inspectCsv } from './csv-rows.ts'
import type { ImportFileKind, ImportFileRow } from './file-rows.ts'
import { detectImportFile, NOT_A_CSV_MESSAGE, readImportRows, type ReadOptions } from './read-file.ts'

const fixture = (name: string) => join('tests/fixtures', name)
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-read-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function rowsOf(
  path: string,
  kind: ImportFileKind = 'csv',
  options: ReadOptions = {},
): Promise<ImportFileRow[]> {
  const rows: ImportFileRow[] = []
  for await (const row of readImportRows(path, kind, options)) rows.push(row)
  return rows
}

async function temp(name: string, content: string | Buffer): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

describe('detectImportFile', () => {
  it('recognises the fixtures by their content', async () => {
    expect(detectImportFile(await readFile(fixture('leads.xlsx')), 'Leads.XLSX')).toEqual({
      ok: true,
      kind: 'xlsx',
    })
    expect(detectImportFile(await readFile(fixture(WINDOWS_1252_FIXTURE.file)), 'leads.csv')).toEqual({
      ok: true,
      kind: 'csv',
    })
    expect(detectImportFile(await readFile(fixture('leads-tab.tsv')), 'leads.tsv')).toEqual({
      ok: true,
      kind: 'csv',
    })
  })

  it('refuses a binary file named .csv', async () => {
    expect(detectImportFile(await readFile(fixture('not-a-csv.csv')), 'leads.csv')).toEqual({
      ok: false,
      message: NOT_A_CSV_MESSAGE,
    })
    expect(detectImportFile(await readFile(fixture('leads.xlsx')), 'leads.csv')).toEqual({
      ok: false,
      message: NOT_A_CSV_MESSAGE,
    })
  })

  it('refuses a text file named .xlsx, an old XLS, another format and an empty file', async () => {
    const text = await readFile(fixture('leads-tab.tsv'))
    expect(detectImportFile(text, 'leads.xlsx')).toEqual({
      ok: false,
      message: 'Ce fichier n’est pas un XLSX lisible.',
    })
    expect(detectImportFile(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]), 'leads.xls')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Les fichiers XLS/),
    })
    expect(detectImportFile(Buffer.from('%PDF-1.7'), 'leads.pdf')).toEqual({
      ok: false,
      message: 'Format de fichier non accepté : envoyez un fichier CSV ou XLSX.',
    })
    expect(detectImportFile(Buffer.alloc(0), 'leads.csv')).toEqual({
      ok: false,
      message: 'Le fichier est vide.',
    })
  })
})

describe('readImportRows (CSV)', () => {
  it('reads the Windows-1252 semicolon fixture with its accents, multi-line comment and line numbers', async () => {
    expect(await inspectCsv(fixture(WINDOWS_1252_FIXTURE.file))).toEqual({
      encoding: 'windows-1252',
      delimiter: ';',
    })
    const rows = await rowsOf(fixture(WINDOWS_1252_FIXTURE.file))
    expect(rows[0]).toEqual({ line: 1, cells: [...LEAD_FIXTURE_HEADERS] })
    expect(rows).toHaveLength(WINDOWS_1252_FIXTURE.dataRows + 1)
    expect(rows.map((row) => row.line)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1))
    const multiline = rows.find((row) => row.line === WINDOWS_1252_FIXTURE.multilineLine)!
    expect(multiline.cells[8]).toBe('Appeler après 18 h ;\nmaison avec jardin, « urgent »')
    const text = rows.flatMap((row) => row.cells).join(' ')
    expect(text).not.toContain('\uFFFD')
    expect(text).toMatch(/[éèëïôœŒ’]/u)
  })

  it('reads the UTF-8 BOM comma fixture and the tab fixture', async () => {
    expect(await inspectCsv(fixture('leads-utf8-bom-comma.csv'))).toEqual({
      encoding: 'utf-8',
      delimiter: ',',
    })
    const comma = await rowsOf(fixture('leads-utf8-bom-comma.csv'))
    expect(comma[0]!.cells[0]).toBe('First name')
    expect(comma[2]!.cells[8]).toBe('Maison, jardin, garage')
    expect(comma).toHaveLength(11)
    expect(await inspectCsv(fixture('leads-tab.tsv'))).toEqual({ encoding: 'utf-8', delimiter: '\t' })
    const tab = await rowsOf(fixture('leads-tab.tsv'))
    expect(tab[0]!.cells).toHaveLength(10)
    expect(tab).toHaveLength(11)
  })

  it('skips blank records but keeps the numbering, trims cells and cuts rows to the header’s width', async () => {
    const path = await temp(
      'blank.csv',
      'Nom;Prénom\r\n\r\n  Martin ; Jean \r\n;;\r\nDupont;Zoé;extra\r\nSeul\r\n',
    )
    expect(await rowsOf(path)).toEqual([
      { line: 1, cells: ['Nom', 'Prénom'] },
      { line: 3, cells: ['Martin', 'Jean'] },
      { line: 5, cells: ['Dupont', 'Zoé'] },
      { line: 6, cells: ['Seul'] },
    ])
  })

  it('keeps stray quotes inside unquoted cells', async () => {
    const path = await temp('quotes.csv', 'Nom;Surnom\nMartin;Jean "Jo" le grand\n')
    expect((await rowsOf(path))[1]!.cells).toEqual(['Martin', 'Jean "Jo" le grand'])
  })

  it('decodes characters split between read chunks, in both encodings', async () => {
    // Far more than one 64 KB read: every accent has chances to straddle a chunk boundary.
    const body = Array.from({ length: 6000 }, (_, i) => `Lefèvre${i};Zoé;Hélène “€”`).join('\n')
    const utf8 = await temp('utf8.csv', `Nom;Prénom;Note\n${body}\n`)
    const cp1252 = await temp('cp1252.csv', encodeWindows1252(`Nom;Prénom;Note\n${body}\n`))
    for (const [path, encoding] of [
      [utf8, 'utf-8'],
      [cp1252, 'windows-1252'],
    ] as const) {
      expect((await inspectCsv(path)).encoding).toBe(encoding)
      const rows = await rowsOf(path)
      expect(rows).toHaveLength(6001)
      expect(
        rows.every((row, i) => i === 0 || row.cells.join(';') === `Lefèvre${i - 1};Zoé;Hélène “€”`),
      ).toBe(true)
    }
  })

  it('reads a file whose 64 KB sample ends inside a UTF-8 character as UTF-8', async () => {
    const head = 'Nom;Note\n'
    const filler = 'x'.repeat(64 * 1024 - Buffer.byteLength(head) - 1)
    const path = await temp('cut.csv', `${head}${filler}é;ok\nZoé;ok\n`)
    expect((await inspectCsv(path)).encoding).toBe('utf-8')
    expect((await rowsOf(path))[2]!.cells).toEqual(['Zoé', 'ok'])
  })

  it('reads as Windows-1252 a file whose accents only come after the first 64 KB', async () => {
    const ascii = Array.from({ length: 4000 }, (_, i) => `Martin${i};Jean`).join('\n')
    const path = await temp(
      'late-accents.csv',
      encodeWindows1252(`Nom;Prénom\n`.replace('é', 'e') + `${ascii}\nLefèvre;Zoé\n`),
    )
    expect((await inspectCsv(path)).encoding).toBe('windows-1252')
    expect((await rowsOf(path)).at(-1)!.cells).toEqual(['Lefèvre', 'Zoé'])
  })

  it('refuses an unclosed quote with a French error', async () => {
    const path = await temp('unclosed.csv', 'Nom;Commentaire\nMartin;"jamais fermé\nDupont;ok\n')
    await expect(rowsOf(path)).rejects.toThrow(
      /^Le fichier CSV ne peut pas être lu .*un guillemet ouvert n’est jamais fermé\.$/,
    )
  })
})

describe('readImportRows (XLSX)', () => {
  it('reads numbers as text and date cells as local ISO dates', async () => {
    const rows = await rowsOf(fixture('leads.xlsx'), 'xlsx')
    expect(rows).toHaveLength(11)
    expect(rows[0]).toEqual({
      line: 1,
      cells: [
        'Prénom',
        'Nom',
        'Téléphone',
        'Portable',
        'Courriel',
        'Code postal',
        'Ville',
        'Date de demande',
        'Commentaire',
        'Marché',
      ],
    })
    const [first] = rows.slice(1)
    expect(first!.line).toBe(2)
    // A phone typed as a number lost its leading 0; the postal code 01000 became 1000.
    expect(first!.cells[2]).toMatch(/^[67]\d{8}$/)
    expect(first!.cells[5]).toBe('1000')
    expect(first!.cells[7]).toMatch(/^2026-\d{2}-\d{2}T09:30:00$/)
  })

  it('refuses a ZIP bomb before unzipping it', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024)
    const path = await temp(
      'bomb.xlsx',
      zipOf([{ name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(zeros), size: zeros.length }]),
    )
    await expect(rowsOf(path, 'xlsx')).rejects.toThrow(
      'Fichier XLSX refusé : contenu décompressé trop volumineux.',
    )
  })
})

describe('readImportRows off the main thread (issue #26)', () => {
  it('parses in a worker thread, which tells the CSV format first', async () => {
    const starts: { threadId: number; csv: unknown }[] = []
    const rows = await rowsOf(fixture(WINDOWS_1252_FIXTURE.file), 'csv', {
      onStart: (start) => starts.push(start),
    })
    expect(rows).toHaveLength(WINDOWS_1252_FIXTURE.dataRows + 1)
    expect(starts).toEqual([
      { threadId: expect.any(Number), csv: { encoding: 'windows-1252', delimiter: ';' } },
    ])
    expect(starts[0]!.threadId).not.toBe(threadId)
    const xlsx: { threadId: number; csv: unknown }[] = []
    await rowsOf(fixture('leads.xlsx'), 'xlsx', { onStart: (start) => xlsx.push(start) })
    expect(xlsx).toEqual([{ threadId: expect.any(Number), csv: null }])
    expect(xlsx[0]!.threadId).not.toBe(threadId)
  })

  it('stops after maxRows rows: a fault further in the file is never read', async () => {
    const good = Array.from({ length: 20_000 }, (_, i) => `Martin${i};06123${String(i).padStart(5, '0')}`)
    const csv = await temp('tail.csv', `Nom;Téléphone\n${good.join('\n')}\nDupont;"jamais fermé\n`)
    expect(await rowsOf(csv, 'csv', { maxRows: 11 })).toHaveLength(11)
    await expect(rowsOf(csv)).rejects.toThrow(/un guillemet ouvert n’est jamais fermé/)
    const parts = workbookParts(`${inlineRows(20_000, ['Martin', '06'])}<row r="20001"><c><v>1</c></row>`)
    const xlsx = await temp('tail.xlsx', xlsxOf(parts))
    expect((await rowsOf(xlsx, 'xlsx', { maxRows: 11 })).map((row) => row.line)).toEqual(
      Array.from({ length: 11 }, (_, i) => i + 1),
    )
    await expect(rowsOf(xlsx, 'xlsx')).rejects.toThrow('Ce fichier n’est pas un XLSX lisible.')
  })

  it('cuts each row to the header’s width and refuses a header of more than 500 columns', async () => {
    const wide = await temp('wide.csv', `Nom;Téléphone\n${'Martin;0612345678'.padEnd(200_000, ';')}\n`)
    expect(await rowsOf(wide)).toEqual([
      { line: 1, cells: ['Nom', 'Téléphone'] },
      { line: 2, cells: ['Martin', '0612345678'] },
    ])
    const header = Array.from({ length: 501 }, (_, i) => `Colonne ${i}`).join(';')
    await expect(rowsOf(await temp('501.csv', `${header}\nMartin\n`))).rejects.toThrow(
      'Le fichier a plus de 500 colonnes.',
    )
  })
})
