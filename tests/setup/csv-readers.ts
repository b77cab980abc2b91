// Reads a CSV the product wrote as three readers would (issue #30): csv-parse as RFC 4180 has it
// (CRLF ends a row), csv-parse as spreadsheets and Python's csv module do (CR, LF or CRLF outside
// quotes ends a row), and Papa Parse. All three must see the same rows, each as wide as the header:
// a line break inside a cell holds only if the cell is quoted.
import { parse } from 'csv-parse/sync'
import Papa from 'papaparse'
import { expect } from 'vitest'

/** The rows of a `;` CSV (a leading BOM allowed), the same from every reader. */
export function csvRowsBothWays(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '')
  const rfc = parse(body, { delimiter: ';', record_delimiter: '\r\n' }) as string[][]
  const spreadsheet = parse(body, { delimiter: ';', record_delimiter: ['\r\n', '\n', '\r'] }) as string[][]
  const papa = Papa.parse<string[]>(body, { delimiter: ';', skipEmptyLines: true })
  expect(papa.errors).toEqual([])
  expect(spreadsheet).toEqual(rfc)
  expect(papa.data).toEqual(rfc)
  return rfc
}

/** Cells with each kind of line break a comment may hold. */
export const MULTI_LINE_COMMENTS = [
  'Appeler le soir\nmaison avec jardin',
  'Deux lignes\r\nen CRLF',
  'Ancien Mac\rretour chariot',
]
