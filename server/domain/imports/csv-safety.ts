// CSV/formula injection (issue #13 "Extractions"; OWASP "CSV Injection"): a spreadsheet runs a cell
// starting with `=`, `+`, `-`, `@`, tab or carriage return as a formula, so such text cells get a
// leading `'`. Validated phone numbers are never prefixed: French numbers (the overseas departments'
// included, all dialled `0…` from France) are written in their national form `06 12 34 56 78` — its
// spaces keep Excel from reading it as a number and dropping the 0 — and others stay E.164 `+…`,
// digits only, which no spreadsheet can run.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { neutraliseCsvText } from '../../../src/contracts/csv-cell.ts'
import { FRENCH_NUMBERING_PLAN_CODES } from './normalise.ts'

const E164 = /^\+[1-9]\d{6,14}$/

/** A cell as an extraction writes it; `phone` is for columns of validated E.164 numbers. */
export function neutraliseCell(value: string, kind: 'text' | 'phone'): string {
  if (kind === 'phone' && E164.test(value)) {
    const parsed = parsePhoneNumberFromString(value)
    if (!parsed?.isValid()) return value
    return FRENCH_NUMBERING_PLAN_CODES.has(parsed.countryCallingCode)
      ? parsed.formatNational()
      : parsed.number
  }
  return neutraliseCsvText(value)
}
