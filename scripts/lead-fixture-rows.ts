// Realistic French lead rows for the import fixtures and benchmark (issue #13 "Tests", "Benchmark"):
// deterministic from a seed, phones unique unless a row is meant as a duplicate, a share of bad rows.

/** The columns, as a French call centre's supplier writes them. */
export const LEAD_FIXTURE_HEADERS = [
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
] as const

export type LeadRowOptions = { badRatio: number; duplicateRatio: number; seed: number }

const FIRST_NAMES = [
  'Jean',
  'Marie',
  'Hélène',
  'François',
  'Zoé',
  'Loïc',
  'Anaïs',
  'Jérôme',
  'Cécile',
  'Noël',
  'Aurélie',
  'Benoît',
  'Gaëlle',
  'Mickaël',
  'Éloïse',
  'Thérèse',
  'Raphaël',
  'Inès',
  'Grégoire',
  'Maëlys',
]
const LAST_NAMES = [
  'Martin',
  'Lefèvre',
  'Dubois',
  'Bonnaud',
  'Garçon',
  'Lemaître',
  'Bénard',
  'Œuvray',
  'Moreau',
  'Girard',
  'Rousseau',
  'Fontaine',
  'Chevalier',
  'Mercier',
  'Lambert',
  'Faure',
  'André',
  'Gauthier',
  'Perrin',
  'Leclère',
]
const CITIES: [string, string][] = [
  ['75011', 'Paris'],
  ['69003', 'Lyon'],
  ['13008', 'Marseille'],
  ['31000', 'Toulouse'],
  ['33000', 'Bordeaux'],
  ['44000', 'Nantes'],
  ['59000', 'Lille'],
  ['67000', 'Strasbourg'],
  ['06000', 'Nice'],
  ['01000', 'Bourg-en-Bresse'],
  ['35000', 'Rennes'],
  ['34000', 'Montpellier'],
  ['97110', 'Pointe-à-Pitre'],
  ['20000', 'Ajaccio'],
]
const COMMENTS = [
  '',
  '',
  'Rappeler après 18 h',
  'Intéressé par une pompe à chaleur',
  'Préfère être appelé le matin',
  'Devis déjà reçu d’un concurrent',
  'Maison de 120 m², chauffage au fioul',
  'Budget 15 000 €',
]
const SOURCES = ['Formulaire site', 'Facebook', 'Salon de l’habitat', 'Partenaire', 'Google Ads']
const BAD_KINDS = ['phone', 'date', 'email'] as const

/** mulberry32: a small deterministic generator, so fixtures and benchmarks are reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)]!
}

const pad = (value: number) => String(value).padStart(2, '0')

// Allocated French mobile ranges (06 then 0 to 8 but 3, 07 then 3 to 9): 15 prefixes.
const MOBILE_PREFIXES = [
  '60',
  '61',
  '62',
  '64',
  '65',
  '66',
  '67',
  '68',
  '73',
  '74',
  '75',
  '76',
  '77',
  '78',
  '79',
]

/** The i-th distinct mobile number's 9 national digits (7 919 is prime to 10 000 000: no repeats). */
function mobileDigits(i: number, seed: number): string {
  const prefix = MOBILE_PREFIXES[i % MOBILE_PREFIXES.length]!
  const rest = (Math.floor(i / MOBILE_PREFIXES.length) * 7919 + seed) % 10_000_000
  return `${prefix}${String(rest).padStart(7, '0')}`
}

/** The ways files write one French mobile number. */
function writePhone(digits: string, style: number): string {
  const pairs = `0${digits}`.match(/\d{2}/g)!
  switch (style % 5) {
    case 0:
      return pairs.join(' ')
    case 1:
      return `0${digits}`
    case 2:
      return `+33 ${digits[0]} ${pairs.slice(1).join(' ')}`
    case 3:
      return pairs.join('.')
    default:
      return digits
  }
}

function writeDate(next: () => number): string {
  // Within the 60 days before 24/11/2026, half with a time.
  const day = new Date(Date.UTC(2026, 10, 24) - Math.floor(next() * 60) * 86_400_000)
  const date = `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`
  return next() < 0.5 ? date : `${date} ${pad(8 + Math.floor(next() * 11))}:${pad(Math.floor(next() * 60))}`
}

function ascii(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').replace(/œ/gi, 'oe').toLowerCase()
}

/**
 * `count` data rows (no header) in LEAD_FIXTURE_HEADERS order. About `badRatio` of them carry one bad
 * cell (phone, date or e-mail in turn) and `duplicateRatio` repeat an earlier row's phone, written
 * another way. Streams: rows are made one at a time.
 */
export function* generateLeadRows(count: number, options: LeadRowOptions): Generator<string[]> {
  const next = random(options.seed)
  const phones: string[] = []
  let badCount = 0
  for (let i = 0; i < count; i++) {
    const firstName = pick(next, FIRST_NAMES)
    const lastName = pick(next, LAST_NAMES)
    const [postalCode, city] = pick(next, CITIES)
    const duplicate = phones.length > 0 && next() < options.duplicateRatio
    const digits = duplicate ? phones[Math.floor(next() * phones.length)]! : mobileDigits(i, options.seed)
    if (!duplicate && phones.length < 10_000) phones.push(digits)
    const secondary = next() < 0.3 ? writePhone(mobileDigits(i + 50_000_000, options.seed), i + 1) : ''
    const row = [
      firstName,
      next() < 0.5 ? lastName.toUpperCase() : lastName,
      writePhone(digits, i + (duplicate ? 1 : 0)),
      secondary,
      next() < 0.85
        ? `${ascii(firstName)}.${ascii(lastName)}${i}@${pick(next, ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net'])}`
        : '',
      postalCode,
      city,
      writeDate(next),
      pick(next, COMMENTS),
      pick(next, SOURCES),
    ]
    if (!duplicate && next() < options.badRatio) {
      const kind = BAD_KINDS[badCount++ % BAD_KINDS.length]
      if (kind === 'phone') row[2] = '06 12 34'
      else if (kind === 'date') row[7] = '31/02/2026'
      else row[4] = `${ascii(firstName)}.${ascii(lastName)}@`
    }
    yield row
  }
}
