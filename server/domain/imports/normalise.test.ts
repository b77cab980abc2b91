// Issue #13 "Tests": real-world writings of phones, e-mails, dates and postal codes from call centres' files.
import { describe, expect, it } from 'vitest'
import { normaliseEmail, normalisePhone, normalisePostalCode, parseFrenchDate } from './normalise.ts'

describe('normalisePhone', () => {
  const valid: [string, string][] = [
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['06-12-34-56-78', '+33612345678'],
    ['0612345678', '+33612345678'],
    [' 06 12 34 56 78 ', '+33612345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['0033 6 12 34 56 78', '+33612345678'],
    ['00 33 6 12 34 56 78', '+33612345678'],
    ['33612345678', '+33612345678'],
    ['6 12 34 56 78', '+33612345678'],
    ['612345678', '+33612345678'],
    ['07 81 23 45 67', '+33781234567'],
    ['01 42 68 53 00', '+33142685300'],
    ['01/42/68/53/00', '+33142685300'],
    ['09 70 12 34 56', '+33970123456'],
    ['0690 12 34 56', '+590690123456'],
    ['+590 690 12 34 56', '+590690123456'],
    ['0696 12 34 56', '+596696123456'],
    ['0694 20 12 34', '+594694201234'],
    ['0262 12 34 56', '+262262123456'],
    ['+262 692 12 34 56', '+262692123456'],
    ['0692 12 34 56', '+262692123456'],
    ['+33 6 92 12 34 56', '+262692123456'],
    ['0269 61 23 45', '+262269612345'],
    ['+32 470 12 34 56', '+32470123456'],
    ['0032 470 12 34 56', '+32470123456'],
    ['+41 79 123 45 67', '+41791234567'],
    ['+44 7911 123456', '+447911123456'],
    // Our own guarded reports, or Excel's text marker.
    ["'+33 6 12 34 56 78", '+33612345678'],
  ]
  it.each(valid)('reads %s as %s', (raw, e164) => {
    expect(normalisePhone(raw)).toEqual({ ok: true, e164 })
  })

  const invalid = [
    '',
    '12345',
    '0612',
    '06 12 34 56 78 9',
    '0000000000',
    '0612345678a',
    'tel: 06 12 34 56 78',
    'N/A',
    '06 12 34 56 78 / 07 12 34 56 78',
    '+33 6 90 00 00 00 00',
  ]
  it.each(invalid)('refuses %j with a French message', (raw) => {
    const result = normalisePhone(raw)
    expect(result).toEqual({ ok: false, message: `Numéro de téléphone invalide : « ${raw.trim()} ».` })
  })
})

describe('normaliseEmail', () => {
  it.each([
    ['jean.dupont@gmail.com', 'jean.dupont@gmail.com'],
    ['  Jean.Dupont@Orange.FR ', 'Jean.Dupont@orange.fr'],
    ['marie-claire.lefevre@wanadoo.fr', 'marie-claire.lefevre@wanadoo.fr'],
    ['contact+leads@free.fr', 'contact+leads@free.fr'],
  ])('keeps %s as %s', (raw, email) => {
    expect(normaliseEmail(raw)).toEqual({ ok: true, email })
  })
  it('reads an empty cell as no e-mail', () => {
    expect(normaliseEmail('   ')).toEqual({ ok: true, email: null })
  })
  it.each(['jean.dupont@', 'jean dupont@gmail.com', 'jean.dupont.gmail.com', 'jean@@gmail.com', 'éric@'])(
    'refuses %s',
    (raw) => {
      expect(normaliseEmail(raw)).toEqual({ ok: false, message: `Adresse e-mail invalide : « ${raw} ».` })
    },
  )
})

describe('normalisePostalCode', () => {
  it.each<[string | number, string]>([
    ['75011', '75011'],
    [' 75 011 ', '75011'],
    [1000, '01000'],
    ['1000', '01000'],
    [69003, '69003'],
    ['2a004', '2A004'],
    ['2B033', '2B033'],
  ])('reads %j as %s', (raw, postalCode) => {
    expect(normalisePostalCode(raw)).toEqual({ ok: true, postalCode })
  })
  it.each(['750', '750111', 'Paris', '2C000', ''])('refuses %j', (raw) => {
    const result = normalisePostalCode(raw)
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.message).toMatch(/^Code postal invalide : « .* » \(5 chiffres attendus\)\.$/)
  })
})

describe('parseFrenchDate', () => {
  const cases: [string | number, string][] = [
    ['24/11/2026', '2026-11-23T23:00:00.000Z'],
    ['24/11/2026 14:30', '2026-11-24T13:30:00.000Z'],
    ['24/11/2026 14:30:15', '2026-11-24T13:30:15.000Z'],
    ['24/11/2026 14h30', '2026-11-24T13:30:00.000Z'],
    ['24/11/2026 14h', '2026-11-24T13:00:00.000Z'],
    ['24/11/26', '2026-11-23T23:00:00.000Z'],
    ['24/11/99', '1999-11-23T23:00:00.000Z'],
    ['29/02/2028', '2028-02-28T23:00:00.000Z'],
    // The autumn change: 25/10/2026 12:00 is in winter time (UTC+1).
    ['25/10/2026 12:00', '2026-10-25T11:00:00.000Z'],
    // The spring change: 02:30 on 29/03/2026 does not exist; read as 03:30 summer time.
    ['29/03/2026 02:30', '2026-03-29T01:30:00.000Z'],
    ['29/03/2026 03:30', '2026-03-29T01:30:00.000Z'],
    ['29/03/2026 01:30', '2026-03-29T00:30:00.000Z'],
    ['24-11-2026', '2026-11-23T23:00:00.000Z'],
    ['24.11.2026', '2026-11-23T23:00:00.000Z'],
    ['1/7/2026', '2026-06-30T22:00:00.000Z'],
    ['01/07/2026 09:05', '2026-07-01T07:05:00.000Z'],
    ['2026-11-24', '2026-11-23T23:00:00.000Z'],
    ['2026-11-24T14:30', '2026-11-24T13:30:00.000Z'],
    ['2026-11-24 14:30:00', '2026-11-24T13:30:00.000Z'],
    ['2026-07-01T14:30:00.000', '2026-07-01T12:30:00.000Z'],
    ['2026-11-24T14:30:00Z', '2026-11-24T14:30:00.000Z'],
    ['2026-11-24T14:30:00+01:00', '2026-11-24T13:30:00.000Z'],
    ['20261124', '2026-11-23T23:00:00.000Z'],
    // Excel serials: 46350 is 24/11/2026; .5 is noon, Paris time.
    [46350, '2026-11-23T23:00:00.000Z'],
    [46350.5, '2026-11-24T11:00:00.000Z'],
    ['46350', '2026-11-23T23:00:00.000Z'],
    ['46350,75', '2026-11-24T17:00:00.000Z'],
    // Summer time: 1 July 2026 00:00 Paris is 22:00 UTC the day before.
    [46204, '2026-06-30T22:00:00.000Z'],
  ]
  it.each(cases)('reads %j in Europe/Paris', (raw, iso) => {
    const result = parseFrenchDate(raw)
    expect(result.ok && result.date.toISOString()).toBe(iso)
  })

  it('reads the Date objects of read-excel-file as the wall clock of Paris', () => {
    const result = parseFrenchDate(new Date(Date.UTC(2026, 10, 24, 14, 30)))
    expect(result.ok && result.date.toISOString()).toBe('2026-11-24T13:30:00.000Z')
  })

  it.each([
    '31/02/2026',
    '29/02/2025',
    '24/13/2026',
    '24/11/2026 25:00',
    '24/11/2026 14:60',
    'demain',
    '2026',
    '',
    '11/24/2026',
    '75011',
  ])('refuses %j with a French message', (raw) => {
    const result = parseFrenchDate(raw)
    expect(result).toEqual({
      ok: false,
      message: `Date invalide : « ${raw} » (par exemple 24/11/2026 ou 24/11/2026 14:30).`,
    })
  })

  it('refuses an invalid Date object', () => {
    expect(parseFrenchDate(new Date(Number.NaN)).ok).toBe(false)
  })
})
