// CSV/formula injection (issue #13 "Extractions"; OWASP "CSV Injection"): a spreadsheet runs a cell
// starting with `=`, `+`, `-`, `@`, tab or carriage return as a formula, so such text cells get a
// leading `'`. One rule for the server's files (server/domain/imports/csv-safety.ts) and the files
// the browser builds (issue #14: the statistics table).

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r'])

export function neutraliseCsvText(value: string): string {
  return value.length > 0 && FORMULA_START.has(value[0]!) ? `'${value}` : value
}
