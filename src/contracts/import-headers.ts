// Column headers of lead files → lead fields (issue #13 "Column mapping"; docs/domain.md "Lead import").
// Browser-safe (no node import): the mapping step's preview suggests the same mapping as the server.
// Headers are compared folded (accents, case, punctuation and spacing ignored), against the
// spellings call centres' exports use, in French and English.
import type { ImportColumnMapping, ImportLeadField, ImportTarget } from './import-fields.ts'

/** `Tél. fixe` → `tel fixe`, `E-MAIL` → `e mail`, `Nº` → `no`: accents, case, punctuation, spaces folded. */
export function foldHeader(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

// Client/contact qualifiers that do not change a column's meaning (`Nom du client`, `Prénom contact`).
const QUALIFIERS = new Set(['client', 'cliente', 'contact', 'prospect', 'lead', 'personne'])
const CONNECTORS = new Set(['du', 'de', 'la', 'l', 'd'])

/** `nom du client` → `nom`: trailing qualifiers and the connectors before them dropped. */
function stripQualifier(folded: string): string {
  const parts = folded.split(' ')
  while (parts.length > 1 && QUALIFIERS.has(parts.at(-1)!)) {
    parts.pop()
    while (parts.length > 1 && CONNECTORS.has(parts.at(-1)!)) parts.pop()
  }
  return parts.join(' ')
}

function hasAny(folded: string, list: ReadonlySet<string>): boolean {
  return folded.split(' ').some((word) => list.has(word))
}

/** A test that the header, qualifiers stripped, is one of `spellings`. */
function oneOf(...spellings: string[]): (folded: string) => boolean {
  const set = new Set(spellings)
  return (folded) => set.has(stripQualifier(folded))
}

const EMAIL_WORDS = new Set(['email', 'emails', 'mail', 'mails', 'courriel', 'mel'])
const PHONE_WORDS = new Set([
  'tel',
  'tele',
  'telephone',
  'telephones',
  'phone',
  'portable',
  'mobile',
  'gsm',
  'cell',
  'cellulaire',
  'fixe',
  'mob',
  'port',
  'tph',
  'tlph',
])
const NUMBER_WORDS = new Set(['numero', 'num', 'no', 'n', 'nr', 'number'])
const POSTAL_CODE_START =
  /^(?:code postal|cp|c p|code post|postal code|postcode|post code|zip|zip code|zipcode|codepostal|cpostal)(?: |$)/
const REQUEST_DATE =
  /^(?:date|dte|dt) (?:(?:de la|de|d|du) )?(?:demande|request|creation|inscription|contact|lead|saisie|reception|collecte|entree|optin|opt in)\b/

/** `Numéro`, `Numéro 2`: a bare number column is a phone; `Numéro client` is not. */
function isBareNumber(folded: string): boolean {
  const [first, second, ...rest] = folded.split(' ')
  return NUMBER_WORDS.has(first!) && rest.length === 0 && (second === undefined || /^\d$/.test(second))
}

/** The one lead field a folded header names, or null (→ metadata). Order matters: `Adresse mail` is an e-mail. */
const MATCHERS: readonly [ImportLeadField | 'phoneLike', (folded: string) => boolean][] = [
  ['email', (f) => hasAny(f, EMAIL_WORDS) || f.includes('e mail')],
  ['postalCode', (f) => POSTAL_CODE_START.test(f)],
  [
    'meetRequestDate',
    (f) =>
      REQUEST_DATE.test(f) ||
      oneOf(
        'date',
        'request date',
        'created at',
        'created',
        'creation date',
        'lead date',
        'submitted at',
        'date time',
        'datetime',
        'horodatage',
        'timestamp',
      )(f),
  ],
  ['phoneLike', (f) => hasAny(f, PHONE_WORDS) || isBareNumber(f)],
  [
    'firstName',
    oneOf('prenom', 'prenoms', 'first name', 'firstname', 'first', 'given name', 'givenname', 'forename'),
  ],
  [
    'lastName',
    oneOf(
      'nom',
      'noms',
      'nom de famille',
      'nom famille',
      'nom d usage',
      'nom usage',
      'nom de naissance',
      'last name',
      'lastname',
      'surname',
      'family name',
      'familyname',
      'name',
      'patronyme',
    ),
  ],
  [
    'city',
    oneOf(
      'ville',
      'commune',
      'city',
      'town',
      'localite',
      'ville commune',
      'nom de la commune',
      'nom commune',
      'municipalite',
    ),
  ],
  [
    'address',
    oneOf(
      'adresse',
      'adresses',
      'adr',
      'address',
      'adresse postale',
      'adresse 1',
      'adresse1',
      'adresse ligne 1',
      'address 1',
      'address line 1',
      'street',
      'rue',
      'voie',
      'numero et rue',
      'adresse complete',
    ),
  ],
  [
    'comment',
    oneOf(
      'commentaire',
      'commentaires',
      'comment',
      'comments',
      'remarque',
      'remarques',
      'observation',
      'observations',
      'note',
      'notes',
      'message',
      'precision',
      'precisions',
      'info',
      'infos',
      'informations',
    ),
  ],
  ['market', oneOf('marche', 'marches', 'market', 'markets', 'secteur', 'zone')],
]

/** The lead field (or `phoneLike`) a header names; null when none (the column goes to metadata). */
export function matchHeader(header: string): ImportLeadField | 'phoneLike' | null {
  const folded = foldHeader(header)
  if (folded === '') return null
  for (const [field, test] of MATCHERS) if (test(folded)) return field
  return null
}

/**
 * A first mapping of the file's columns, in file order: each lead field takes the first column that
 * names it (the first phone-like column is the phone, the second the secondary phone); later
 * columns naming a field already taken, and unknown columns, go to metadata; empty headers are ignored.
 */
export function suggestMapping(headers: string[]): ImportColumnMapping[] {
  const taken = new Set<ImportLeadField>()
  return headers.map((header, index) => {
    let target: ImportTarget = 'metadata'
    if (foldHeader(header) === '') target = 'ignore'
    else {
      const match = matchHeader(header)
      const field = match === 'phoneLike' ? (taken.has('phone') ? 'secondaryPhone' : 'phone') : match
      if (field && !taken.has(field)) {
        taken.add(field)
        target = field
      }
    }
    return { index, header, target }
  })
}
