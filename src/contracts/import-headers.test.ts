// Issue #13 "Column mapping": headers as call centres' files write them, matched to lead fields.
import { describe, expect, it } from 'vitest'
import { foldHeader, suggestMapping } from './import-headers.ts'
import type { ImportTarget } from './import-fields.ts'

function targets(headers: string[]): ImportTarget[] {
  return suggestMapping(headers).map((column) => column.target)
}

describe('foldHeader', () => {
  it.each([
    ['Prénom', 'prenom'],
    ['  PRÉNOM  ', 'prenom'],
    ['Tél. fixe', 'tel fixe'],
    ['E-MAIL', 'e mail'],
    ['Code_Postal', 'code postal'],
    ['N°', 'n'],
    ['Œuvre', 'oeuvre'],
    ['Date de demande (RDV)', 'date de demande rdv'],
    ['', ''],
  ])('%j → %j', (header, folded) => {
    expect(foldHeader(header)).toBe(folded)
  })
})

describe('suggestMapping', () => {
  const single: [string, ImportTarget][] = [
    ['Prénom', 'firstName'],
    ['PRENOM', 'firstName'],
    ['First name', 'firstName'],
    ['firstname', 'firstName'],
    ['Prénom du client', 'firstName'],
    ['NOM', 'lastName'],
    ['Nom de famille', 'lastName'],
    ['Last name', 'lastName'],
    ['Nom client', 'lastName'],
    ['Téléphone', 'phone'],
    ['Tel', 'phone'],
    ['Tél. fixe', 'phone'],
    ['Portable', 'phone'],
    ['Tel portable', 'phone'],
    ['Mobile', 'phone'],
    ['Numéro', 'phone'],
    ['N° de téléphone', 'phone'],
    ['Phone number', 'phone'],
    ['GSM', 'phone'],
    ['E-mail', 'email'],
    ['Email', 'email'],
    ['Courriel', 'email'],
    ['Mail', 'email'],
    ['Adresse mail', 'email'],
    ['Adresse e-mail', 'email'],
    ['Mél', 'email'],
    ['Adresse', 'address'],
    ['Adresse 1', 'address'],
    ['Adresse postale', 'address'],
    ['Code postal', 'postalCode'],
    ['CP', 'postalCode'],
    ['C.P.', 'postalCode'],
    ['Zip code', 'postalCode'],
    ['Ville', 'city'],
    ['Commune', 'city'],
    ['City', 'city'],
    ['Date de demande', 'meetRequestDate'],
    ['Date demande RDV', 'meetRequestDate'],
    ['DATE DE LA DEMANDE', 'meetRequestDate'],
    ['Date', 'meetRequestDate'],
    ['Request date', 'meetRequestDate'],
    ['Commentaire', 'comment'],
    ['Remarques', 'comment'],
    ['Observations', 'comment'],
    ['Marché', 'market'],
    ['Market', 'market'],
    ['Source', 'metadata'],
    ['Date de naissance', 'metadata'],
    ['Date RDV', 'metadata'],
    ['Numéro client', 'metadata'],
    ['Numéro de rue', 'metadata'],
    ['   ', 'ignore'],
    ['', 'ignore'],
  ]
  it.each(single)('maps %j to %s', (header, target) => {
    expect(targets([header])).toEqual([target])
  })

  it('gives the first phone-like column the phone and the second the secondary phone', () => {
    expect(targets(['Portable', 'Nom', 'Tél. fixe', 'Tel 3'])).toEqual([
      'phone',
      'lastName',
      'secondaryPhone',
      'metadata',
    ])
  })

  it('never maps two columns to one field; repeats go to metadata', () => {
    const mapping = suggestMapping(['Nom', 'Prénom', 'NOM', 'Adresse', 'Adresse 2', 'Ville', 'Commune', ''])
    expect(mapping).toEqual([
      { index: 0, header: 'Nom', target: 'lastName' },
      { index: 1, header: 'Prénom', target: 'firstName' },
      { index: 2, header: 'NOM', target: 'metadata' },
      { index: 3, header: 'Adresse', target: 'address' },
      { index: 4, header: 'Adresse 2', target: 'metadata' },
      { index: 5, header: 'Ville', target: 'city' },
      { index: 6, header: 'Commune', target: 'metadata' },
      { index: 7, header: '', target: 'ignore' },
    ])
  })

  it('maps the French headers of a supplier file', () => {
    const headers = [
      'Prénom',
      'NOM',
      'Téléphone',
      'Tel portable',
      'E-mail',
      'Code postal',
      'Ville',
      'Date de demande',
      'Commentaire',
      'Source',
    ]
    expect(targets(headers)).toEqual([
      'firstName',
      'lastName',
      'phone',
      'secondaryPhone',
      'email',
      'postalCode',
      'city',
      'meetRequestDate',
      'comment',
      'metadata',
    ])
  })

  it('maps upper-case abbreviated and English headers', () => {
    expect(
      targets([
        'PRENOM',
        'NOM',
        'TEL',
        'PORTABLE',
        'MAIL',
        'CP',
        'VILLE',
        'DATE DEMANDE RDV',
        'REMARQUES',
        'ORIGINE',
      ]),
    ).toEqual([
      'firstName',
      'lastName',
      'phone',
      'secondaryPhone',
      'email',
      'postalCode',
      'city',
      'meetRequestDate',
      'comment',
      'metadata',
    ])
    expect(
      targets([
        'First name',
        'Last name',
        'Phone',
        'Mobile',
        'Email',
        'Zip code',
        'City',
        'Request date',
        'Comments',
        'Market',
      ]),
    ).toEqual([
      'firstName',
      'lastName',
      'phone',
      'secondaryPhone',
      'email',
      'postalCode',
      'city',
      'meetRequestDate',
      'comment',
      'market',
    ])
  })
})
