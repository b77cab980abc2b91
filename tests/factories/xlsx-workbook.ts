// Hand-written XLSX workbooks for the lead-file reader's tests (server/domain/imports/xlsx-rows.ts): the
// parts as XML strings, zipped in the order given (Excel writes the sheet before its shared strings).
import { deflateRawSync } from 'node:zlib'
import { zipOf } from './zip-archive.ts'

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships'

export type WorkbookParts = Record<string, string>

/** The parts of a one-sheet workbook around `sheetData` (the `<row>` elements). */
export function workbookParts(
  sheetData: string,
  options: { sharedStrings?: string[]; numFmts?: string; cellXfs?: string; date1904?: boolean } = {},
): WorkbookParts {
  const strings = options.sharedStrings ?? []
  return {
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/><sheet name="Autre" sheetId="2" r:id="rId9"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${sheetData}</sheetData></worksheet>`,
    'xl/styles.xml': `<?xml version="1.0"?><styleSheet xmlns="${MAIN}">${options.numFmts ?? ''}<cellXfs>${options.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${MAIN}">${strings.map((s) => (s.startsWith('<') ? `<si>${s}</si>` : `<si><t xml:space="preserve">${s}</t></si>`)).join('')}</sst>`,
  }
}

/** The parts zipped (deflated at `level`) in their insertion order. */
export function xlsxOf(parts: WorkbookParts, level = 6): Buffer {
  return zipOf(
    Object.entries(parts).map(([name, xml]) => {
      const data = Buffer.from(xml)
      return { name, data: deflateRawSync(data, { level }), size: data.length }
    }),
  )
}

/** `count` rows `<row r="n"><c t="inlineStr">…` of `columns` inline-string cells, from row `first`. */
export function inlineRows(count: number, columns: string[], first = 1): string {
  let xml = ''
  for (let r = first; r < first + count; r++)
    xml += `<row r="${r}">${columns.map((value) => `<c t="inlineStr"><is><t>${value}${r}</t></is></c>`).join('')}</row>`
  return xml
}
