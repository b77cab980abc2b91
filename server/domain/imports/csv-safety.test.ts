// Issue #13 "Extractions": cells a spreadsheet would run as formulas are neutralised; phones are not.
import { describe, expect, it } from 'vitest'
import { reportPhoneCell } from './report.ts'
import { normalisePhone } from './normalise.ts'
import { neutraliseCell } from './csv-safety.ts'

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","clic")', `'=HYPERLINK("http://evil.example","clic")`],
    ['+33 6 12 34 56 78', `'+33 6 12 34 56 78`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(1+1)', `'@SUM(1+1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('prefixes the text %j', (value, expected) => {
    expect(neutraliseCell(value, 'text')).toBe(expected)
  })

  it.each(['Martin', '', 'Rappeler à 18 h = ok', ' =1+1', "'déjà protégé", '75011'])(
    'keeps the text %j',
    (value) => {
      expect(neutraliseCell(value, 'text')).toBe(value)
    },
  )

  it.each([
    ['+33612345678', '06 12 34 56 78'],
    ['+33142685300', '01 42 68 53 00'],
    ['+590690123456', '0690 12 34 56'],
    ['+262692123456', '0692 12 34 56'],
    ['+32470123456', '+32470123456'],
    ['+41791234567', '+41791234567'],
  ])('writes the phone %s as %s, never prefixed', (value, expected) => {
    expect(neutraliseCell(value, 'phone')).toBe(expected)
  })

  it('treats a phone column cell that is not a validated E.164 number as text', () => {
    expect(neutraliseCell('=1+1', 'phone')).toBe(`'=1+1`)
    expect(neutraliseCell('+33 6 12 34 56 78', 'phone')).toBe(`'+33 6 12 34 56 78`)
    expect(neutraliseCell('', 'phone')).toBe('')
  })
})

describe('reportPhoneCell (the rejected rows, ready to fix and re-import)', () => {
  it('writes a valid number in its national form whatever its writing, and re-imports it', () => {
    for (const raw of ['+33 7 70 00 00 13', '0033 7 70 00 00 13', '07.70.00.00.13']) {
      const cell = reportPhoneCell(raw)
      expect(cell).toBe('07 70 00 00 13')
      expect(normalisePhone(cell)).toEqual({ ok: true, e164: '+33770000013' })
    }
    expect(reportPhoneCell('+262 692 12 34 56')).toBe('0692 12 34 56')
  })

  it('keeps an invalid number as typed, guarded, and the guard does not stop its re-import once fixed', () => {
    expect(reportPhoneCell('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`)
    expect(reportPhoneCell('+33 6 12')).toBe(`'+33 6 12`)
    expect(normalisePhone(`'+33 6 12 34 56 78`)).toEqual({ ok: true, e164: '+33612345678' })
  })
})
