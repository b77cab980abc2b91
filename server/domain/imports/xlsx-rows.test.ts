// Issue #26: the streaming XLSX reader gives each cell the text read-excel-file gave (strings, numbers,
// dates, booleans), whatever the order and the namespace prefixes of the parts, and stops at a fault.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readSheet } from 'read-excel-file/node'
import writeXlsxFile from 'write-excel-file/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  inlineRows,
  workbookParts,
  xlsxOf,
  type WorkbookParts,
} from '../../../tests/factories/xlsx-workbook.ts'
import type { ImportFileRow } from './file-rows.ts'
import { readXlsxRows } from './xlsx-rows.ts'

let dir: string
let counter = 0
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xlsx-rows-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function save(content: Buffer): Promise<string> {
  const path = join(dir, `book-${counter++}.xlsx`)
  await writeFile(path, content)
  return path
}

async function rowsOf(parts: WorkbookParts | Buffer): Promise<ImportFileRow[]> {
  const path = await save(Buffer.isBuffer(parts) ? parts : xlsxOf(parts))
  const rows: ImportFileRow[] = []
  for await (const row of readXlsxRows(path)) rows.push(row)
  return rows
}

describe('readXlsxRows', () => {
  it('reads shared, rich and inline strings, numbers, booleans, error cells and dates', async () => {
    const rows = await rowsOf(
      workbookParts(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><r><t>Date </t></r><r><t>RDV</t></r></is></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>612345678</v></c><c r="C2" s="1"><v>46350.395833333336</v></c>' +
          '<c r="D2" s="2"><v>46350</v></c><c r="E2" t="b"><v>1</v></c><c r="F2" t="e"><v>#N/A</v></c>' +
          '<c r="G2" t="str"><f>A2</f><v> calc </v></c><c r="H2"><v>1.5E+3</v></c><c r="I2" t="s"><v>3</v></c></row>',
        {
          sharedStrings: [
            'Nom',
            'Téléphone',
            '  Lefèvre &amp; fils ',
            '<r><t>Jean</t></r><rPh><t>ジャン</t></rPh><r><t>_x000D_Marc</t></r>',
          ],
          numFmts: '<numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy\\ hh:mm;@"/></numFmts>',
          cellXfs: '<xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/>',
        },
      ),
    )
    expect(rows).toEqual([
      { line: 1, cells: ['Nom', 'Téléphone', 'Date RDV'] },
      {
        line: 2,
        cells: [
          'Lefèvre & fils',
          '612345678',
          '2026-11-24T09:30:00',
          '2026-11-24T00:00:00',
          'true',
          '',
          'calc',
          '1500',
          'Jean\rMarc',
        ],
      },
    ])
  })

  it('reads the 1904 date system', async () => {
    const rows = await rowsOf(
      workbookParts('<row r="1"><c r="A1" s="1"><v>44888.5</v></c></row>', {
        cellXfs: '<xf numFmtId="0"/><xf numFmtId="22"/>',
        date1904: true,
      }),
    )
    expect(rows[0]!.cells).toEqual(['2026-11-24T12:00:00'])
  })

  it('places cells by reference, keeps the sheet’s row numbers and ignores columns past XFD', async () => {
    const rows = await rowsOf(
      workbookParts(
        '<row r="2"><c r="A2" t="inlineStr"><is><t>a</t></is></c><c r="D2" t="inlineStr"><is><t>d</t></is></c>' +
          '<c r="E2" s="0"/><c r="XFE2" t="inlineStr"><is><t>beyond</t></is></c></row><row r="7"><c t="inlineStr"><is><t>x</t></is></c></row>',
      ),
    )
    expect(rows).toEqual([
      { line: 2, cells: ['a', '', '', 'd'] },
      { line: 7, cells: ['x'] },
    ])
  })

  it('reads parts in any order, with namespace prefixes and absolute targets', async () => {
    const parts = workbookParts('', { sharedStrings: ['Nom'] })
    const sheet = `<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c></x:row></x:sheetData></x:worksheet>`
    const rels = parts['xl/_rels/workbook.xml.rels']!.replace('"worksheets/sheet1.xml"', '"/xl/sheets/s.xml"')
    const reordered: WorkbookParts = {
      'xl/sheets/s.xml': sheet,
      'xl/sharedStrings.xml': parts['xl/sharedStrings.xml']!,
      'xl/workbook.xml': parts['xl/workbook.xml']!,
      'xl/_rels/workbook.xml.rels': rels,
      '_rels/.rels': parts['_rels/.rels']!,
    }
    expect(await rowsOf(reordered)).toEqual([{ line: 1, cells: ['Nom'] }])
  })

  it('gives the rows before a malformed part, then refuses the file in French', async () => {
    const parts = workbookParts(`${inlineRows(3, ['v'])}<row r="4"><c><v>1</c></row>`)
    const path = await save(xlsxOf(parts))
    const read: number[] = []
    await expect(async () => {
      for await (const row of readXlsxRows(path)) read.push(row.line)
    }).rejects.toThrow('Ce fichier n’est pas un XLSX lisible.')
    expect(read).toEqual([1, 2, 3])
    await expect(
      rowsOf(workbookParts('<row r="1"><c t="s"><v>5</v></c></row>', { sharedStrings: ['Nom'] })),
    ).rejects.toThrow('Ce fichier n’est pas un XLSX lisible.')
  })
})

/** The text read-excel-file's values were turned into before issue #26. */
function formerCellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) {
    const iso = new Date(Math.round(value.getTime() / 1000) * 1000).toISOString()
    return iso.slice(0, 19)
  }
  return typeof value === 'string' ? value.trim() : String(value)
}

describe('readXlsxRows against read-excel-file', () => {
  it('reads a workbook written by write-excel-file as read-excel-file does', async () => {
    const when = (day: number, hour: number, minute: number) =>
      new Date(Date.UTC(2026, 10, day, hour, minute))
    const data = [
      ['Prénom', 'Nom', 'Téléphone', 'Date de demande', 'Rappel', 'Actif', 'Note'],
      ...Array.from({ length: 50 }, (_, i) => [
        i % 7 === 0 ? null : `  Zoé ${i} `,
        `Lefèvre « ${i} »`,
        i % 2 === 0 ? 612345600 + i : `06 12 34 56 ${String(i).padStart(2, '0')}`,
        { value: when(1 + (i % 28), 9 + (i % 9), 30), format: 'dd/mm/yyyy hh:mm' },
        { value: when(2, 0, 0), format: 'dd/mm/yyyy' },
        i % 3 === 0,
        i % 5 === 0 ? 12.25 * i : null,
      ]),
    ]
    const path = await save(await writeXlsxFile(data).toBuffer())
    const expected = ((await readSheet(path)) as unknown[][]).map((row, i) => {
      const cells = row.map(formerCellText)
      while (cells.at(-1) === '') cells.pop()
      return { line: i + 1, cells }
    })
    const rows: ImportFileRow[] = []
    for await (const row of readXlsxRows(path)) rows.push(row)
    expect(rows).toEqual(expected)
    expect(rows[1]!.cells[3]).toBe('2026-11-01T09:30:00')
  })
})
