// Issue #13 "Validation preview": each row → a lead, or one French error per bad cell.
import { describe, expect, it } from 'vitest'
import { suggestMapping } from '../../../src/contracts/import-headers.ts'
import type { ImportMarketMode } from '../../../src/contracts/import-fields.ts'
import { validateImportRow } from './validate-row.ts'
import type { ImportRowContext } from './validate-row.ts'

const headers = [
  'Prénom',
  'NOM',
  'Téléphone',
  'Tel portable',
  'E-mail',
  'Adresse',
  'Code postal',
  'Ville',
  'Date de demande',
  'Commentaire',
  'Marché',
  'Source',
  '',
]
const mapping = suggestMapping(headers)
const markets = [
  { id: 1, name: 'Île-de-France', postalCodePrefixes: ['75', '92', '93', '94'] },
  { id: 2, name: 'Paris Est', postalCodePrefixes: ['7501', '75020'] },
  { id: 3, name: 'Corse', postalCodePrefixes: ['2A', '2B'] },
  { id: 4, name: 'Lyon', postalCodePrefixes: ['69'] },
  { id: 5, name: 'Lyon bis', postalCodePrefixes: ['69'] },
]
const now = new Date('2026-11-25T10:00:00.000Z')
const context = (marketMode: ImportMarketMode = { kind: 'postalCode' }): ImportRowContext => ({
  markets,
  marketMode,
  now,
})

function row(values: Partial<Record<(typeof headers)[number], string>>): string[] {
  return headers.map((header) => values[header] ?? '')
}

const good = {
  Prénom: ' Hélène ',
  NOM: 'LEFÈVRE',
  Téléphone: '06 12 34 56 78',
  'Tel portable': '+33 7 81 23 45 67',
  'E-mail': 'Helene.Lefevre@Orange.FR',
  Adresse: '12  rue de la\tPaix',
  'Code postal': '75011',
  Ville: 'Paris',
  'Date de demande': '24/11/2026 14h30',
  Commentaire: 'Rappeler le soir\r\nPas le week-end\u0007',
  Source: 'Facebook',
}

describe('validateImportRow', () => {
  it('normalises a good row into a lead, the longest postal prefix choosing the market', () => {
    expect(validateImportRow(row(good), mapping, context())).toEqual({
      ok: true,
      lead: {
        firstName: 'Hélène',
        lastName: 'LEFÈVRE',
        phone: '+33612345678',
        secondaryPhone: '+33781234567',
        email: 'Helene.Lefevre@orange.fr',
        address: '12 rue de la Paix',
        postalCode: '75011',
        city: 'Paris',
        meetRequestDate: new Date('2026-11-24T13:30:00.000Z'),
        comment: 'Rappeler le soir\nPas le week-end',
        marketId: 2,
        metadata: { Source: 'Facebook' },
      },
      warnings: [],
    })
  })

  it('defaults the meet request date to now, empties optional fields and drops a secondary phone equal to the phone', () => {
    const result = validateImportRow(
      row({ NOM: 'Martin', Téléphone: '0612345678', 'Tel portable': '+33612345678', 'Code postal': '92100' }),
      mapping,
      context(),
    )
    expect(result).toMatchObject({
      ok: true,
      lead: {
        firstName: '',
        secondaryPhone: null,
        email: null,
        address: null,
        city: null,
        comment: null,
        meetRequestDate: now,
        marketId: 1,
        metadata: {},
      },
    })
  })

  it('accepts a first name without last name', () => {
    expect(validateImportRow(row({ ...good, NOM: '' }), mapping, context())).toMatchObject({
      ok: true,
      lead: { firstName: 'Hélène', lastName: '' },
    })
  })

  it('reports one French error per bad required cell, under its column', () => {
    const result = validateImportRow(
      row({
        Téléphone: '06 12 34',
        'Tel portable': 'aucun',
        'E-mail': 'helene@',
        'Code postal': '7501',
        'Date de demande': '31/02/2026',
      }),
      mapping,
      context(),
    )
    // The optional cells' errors wait for a row that is otherwise valid: they are warnings then.
    expect(result).toEqual({
      ok: false,
      errors: [
        { column: 'NOM', field: 'lastName', message: 'Le nom ou le prénom est obligatoire.' },
        { column: 'Téléphone', field: 'phone', message: 'Numéro de téléphone invalide : « 06 12 34 ».' },
        // 7501 reads as 07501 (a lost leading zero), which no market covers.
        {
          column: 'Code postal',
          field: 'postalCode',
          message: 'Aucun marché ne couvre le code postal 07501.',
        },
      ],
    })
  })

  it('drops an invalid optional value with a warning and imports the lead (issue #31)', () => {
    const result = validateImportRow(
      row({
        ...good,
        'Tel portable': 'aucun',
        'E-mail': 'lætitia.leblanc@orange.fr',
        'Date de demande': '31/02/2026',
      }),
      mapping,
      context(),
    )
    expect(result).toEqual({
      ok: true,
      lead: expect.objectContaining({
        phone: '+33612345678',
        secondaryPhone: null,
        email: null,
        meetRequestDate: now,
        marketId: 2,
      }),
      warnings: [
        {
          column: 'Tel portable',
          field: 'secondaryPhone',
          message: 'Numéro de téléphone invalide : « aucun ».',
        },
        {
          column: 'E-mail',
          field: 'email',
          message: 'Adresse e-mail invalide : « lætitia.leblanc@orange.fr ».',
        },
        {
          column: 'Date de demande',
          field: 'meetRequestDate',
          message: 'Date invalide : « 31/02/2026 » (par exemple 24/11/2026 ou 24/11/2026 14:30).',
        },
      ],
    })
  })

  it('makes a bad postal code a warning when it does not choose the market', () => {
    const fixed = { ...context(), marketMode: { kind: 'fixed' as const, marketId: 1 } }
    expect(validateImportRow(row({ ...good, 'Code postal': 'abc' }), mapping, fixed)).toMatchObject({
      ok: true,
      lead: { postalCode: null, marketId: 1 },
      warnings: [{ field: 'postalCode' }],
    })
  })

  it('requires the phone, and names the field when no column feeds it', () => {
    expect(validateImportRow(row({ ...good, Téléphone: ' ' }), mapping, context())).toEqual({
      ok: false,
      errors: [{ column: 'Téléphone', field: 'phone', message: 'Le téléphone est obligatoire.' }],
    })
    const withoutPhone = mapping.filter((column) => column.target !== 'phone')
    expect(validateImportRow(row(good), withoutPhone, context())).toMatchObject({
      ok: false,
      errors: [{ column: 'Téléphone', field: 'phone' }],
    })
  })

  it('finds the market by postal code: none, several, Corsica, missing code', () => {
    expect(validateImportRow(row({ ...good, 'Code postal': '13008' }), mapping, context())).toEqual({
      ok: false,
      errors: [
        {
          column: 'Code postal',
          field: 'postalCode',
          message: 'Aucun marché ne couvre le code postal 13008.',
        },
      ],
    })
    expect(validateImportRow(row({ ...good, 'Code postal': '69003' }), mapping, context())).toMatchObject({
      ok: false,
      errors: [{ message: 'Plusieurs marchés couvrent le code postal 69003 : précisez-le.' }],
    })
    expect(validateImportRow(row({ ...good, 'Code postal': '2a004' }), mapping, context())).toMatchObject({
      ok: true,
      lead: { postalCode: '2A004', marketId: 3 },
    })
    expect(validateImportRow(row({ ...good, 'Code postal': '' }), mapping, context())).toMatchObject({
      ok: false,
      errors: [{ field: 'postalCode', message: 'Le code postal est obligatoire pour choisir le marché.' }],
    })
  })

  it('finds the market by its column, by folded name or id', () => {
    const byColumn = context({ kind: 'column' })
    expect(validateImportRow(row({ ...good, Marché: 'ile de france' }), mapping, byColumn)).toMatchObject({
      ok: true,
      lead: { marketId: 1 },
    })
    expect(validateImportRow(row({ ...good, Marché: ' 4 ' }), mapping, byColumn)).toMatchObject({
      ok: true,
      lead: { marketId: 4 },
    })
    expect(validateImportRow(row({ ...good, Marché: 'Bretagne' }), mapping, byColumn)).toEqual({
      ok: false,
      errors: [{ column: 'Marché', field: 'market', message: 'Marché inconnu : « Bretagne ».' }],
    })
    expect(validateImportRow(row({ ...good, Marché: '' }), mapping, byColumn)).toMatchObject({
      ok: false,
      errors: [{ message: 'Le marché est obligatoire.' }],
    })
  })

  it('takes the fixed market whatever the postal code, if it is one of the mission', () => {
    expect(
      validateImportRow(
        row({ ...good, 'Code postal': '13008' }),
        mapping,
        context({ kind: 'fixed', marketId: 4 }),
      ),
    ).toMatchObject({
      ok: true,
      lead: { marketId: 4, postalCode: '13008' },
    })
    expect(validateImportRow(row(good), mapping, context({ kind: 'fixed', marketId: 99 }))).toMatchObject({
      ok: false,
      errors: [{ field: 'market', message: 'Marché inconnu (n° 99).' }],
    })
  })

  it('caps long text, strips control characters and keys metadata by header', () => {
    const extra = mapping.map((column) =>
      column.index === 12 ? { ...column, target: 'metadata' as const } : column,
    )
    const cells = row({ ...good, Prénom: `Jean\u0000${'e'.repeat(150)}`, Commentaire: 'x'.repeat(6000) })
    cells[12] = 'Campagne\u0001 été'
    const result = validateImportRow(cells, extra, context())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.lead.firstName).toBe(`Jean${'e'.repeat(96)}`)
    expect(result.lead.comment).toBe('x'.repeat(5000))
    expect(result.lead.metadata).toEqual({ Source: 'Facebook', 'Colonne 13': 'Campagne été' })
  })

  it('keeps two metadata columns of the same header apart', () => {
    const twice = suggestMapping(['NOM', 'Téléphone', 'Source', 'Source'])
    const result = validateImportRow(
      ['Martin', '0612345678', 'Salon', 'Facebook'],
      twice,
      context({ kind: 'fixed', marketId: 1 }),
    )
    expect(result).toMatchObject({
      ok: true,
      lead: { metadata: { Source: 'Salon', 'Source (2)': 'Facebook' } },
    })
  })
})
