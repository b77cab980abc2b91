// A large lead workbook as Excel writes it (issue #26 benchmark): the generated French lead rows
// (scripts/lead-fixture-rows.ts) plus extra columns of a supplier's own, shared strings, cell
// references, the sheet zipped (deflate level 9) before its shared strings. 45,000 rows × 40 cells
// make about 6.5 MB zipped and 57 MB of sheet: a little more than the file (5 MB, 50 MB).
import { writeFile } from 'node:fs/promises'
import { xlsxOf, workbookParts } from '../tests/factories/xlsx-workbook.ts'
import { generateLeadRows, LEAD_FIXTURE_HEADERS } from '../scripts/lead-fixture-rows.ts'

const EXTRA_VALUES = ['Oui', 'Non', 'Salon', 'Web', 'Parrainage', 'Maison', 'Appartement', 'À rappeler']

function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Writes `rows` data rows of `columns` cells (the lead columns first) to `path`; returns its size. */
export async function writeLeadsXlsx(path: string, rows: number, columns = 40): Promise<number> {
  const strings: string[] = []
  const indexOf = new Map<string, number>()
  const stringCell = (text: string) => {
    let index = indexOf.get(text)
    if (index === undefined) {
      index = strings.push(escapeXml(text)) - 1
      indexOf.set(text, index)
    }
    return index
  }
  const extra = columns - LEAD_FIXTURE_HEADERS.length
  const header = [...LEAD_FIXTURE_HEADERS, ...Array.from({ length: extra }, (_, i) => `Info ${i + 1}`)]
  const xml: string[] = []
  const row = (r: number, cells: (string | number)[]) => {
    let line = `<row r="${r}">`
    cells.forEach((value, c) => {
      const ref = `${columnName(c)}${r}`
      if (typeof value === 'number') line += `<c r="${ref}"><v>${value}</v></c>`
      else if (value !== '') line += `<c r="${ref}" t="s"><v>${stringCell(value)}</v></c>`
    })
    xml.push(`${line}</row>`)
  }
  row(1, header)
  let r = 2
  for (const lead of generateLeadRows(rows, { badRatio: 0.02, duplicateRatio: 0.03, seed: 20261127 })) {
    const extras = Array.from({ length: extra }, (_, c) =>
      c % 3 === 0 ? (c * 37 + (r >> 5)) % 1000 : EXTRA_VALUES[((r >> 3) + c) % EXTRA_VALUES.length]!,
    )
    row(r++, [...lead, ...extras])
  }
  const parts = workbookParts(xml.join(''), { sharedStrings: strings })
  const file = xlsxOf(parts, 9)
  await writeFile(path, file)
  return file.length
}
