// Writes the lead-import sample files of tests/fixtures/ (issue #13 "Tests": generated, never
// hand-edited) and streams large realistic CSVs for the import benchmark.
//   ./node_modules/.bin/node scripts/generate-import-fixtures.ts
import { createWriteStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import type { TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import { stringify as stringifySync } from 'csv-stringify/sync'
import writeXlsxFile from 'write-excel-file/node'
import { generateLeadRows, LEAD_FIXTURE_HEADERS } from './lead-fixture-rows.ts'
import type { LeadRowOptions } from './lead-fixture-rows.ts'

export { generateLeadRows, LEAD_FIXTURE_HEADERS }

export const FIXTURES_DIR = 'tests/fixtures'

/** What tests/fixtures/leads-fr-windows-1252.csv holds (tests and e2e count on it). */
export const WINDOWS_1252_FIXTURE = {
  file: 'leads-fr-windows-1252.csv',
  dataRows: 20,
  /** Lines (header = 1) of the rejected rows: a bad phone. */
  invalidLines: [6],
  /** Lines imported without an optional value that is invalid, dropped (issue #31): bad date, bad e-mail. */
  warningLines: [10, 14],
  /** Lines that repeat the phone of an earlier row (lines 2 and 3). */
  duplicateLines: [20, 21],
  /** The line whose comment holds a line break (the record spans two physical lines). */
  multilineLine: 4,
} as const

/**
 * A broker's export as received (issue #31): Windows-1252, `;`, a title line above the header (with a
 * comma, which must not pass for the delimiter), an e-mail the import drops with a warning, postal
 * codes no market of the tests covers (their markets: 75, 92) and a bad phone.
 */
export const BROKER_FIXTURE = {
  file: 'leads-broker-title-row.csv',
  title: 'Export leads courtier, novembre 2026',
  headerLine: 2,
  header: ['Civilité', 'NOM', 'Prénom', 'Téléphone', 'E-mail', 'Code postal', 'Ville', 'Date de demande'],
  rows: [
    ['M.', 'Martin', 'Jean', '06 12 34 56 78', 'jean.martin@orange.fr', '75011', 'Paris', '24/11/2026'],
    [
      'Mme',
      'Leblanc',
      'Lætitia',
      '07 81 23 45 67',
      'lætitia.leblanc@orange.fr',
      '75015',
      'Paris',
      '24/11/2026',
    ],
    ['M.', 'Durand', 'Paul', '+33 6 11 22 33 44', 'paul.durand@free.fr', '13008', 'Marseille', '25/11/2026'],
    ['Mme', 'Petit', 'Zoé', '06 55 44 33 22', '', '69003', 'Lyon', '25/11/2026'],
    ['M.', 'Roux', 'Luc', '0033 6 98 76 54 32', 'luc.roux@gmail.com', '13001', 'Marseille', '26/11/2026'],
    ['Mme', 'Moreau', 'Anne', '06 12 3', 'anne.moreau@sfr.fr', '75001', 'Paris', ''],
    [
      'M.',
      'Fournier',
      'Marc',
      '01 45 67 89 10',
      'marc.fournier@sfr.fr',
      '92100',
      'Boulogne-Billancourt',
      '26/11/2026',
    ],
  ],
  /** Covering postal-code prefixes of the market the tests give the mission. */
  marketPrefixes: ['75', '92'],
  validLines: [3, 4, 9],
  warningLines: [4],
  /** Rejected: no market for 13008, 69003, 13001; a bad phone on line 8. */
  noMarketLines: [5, 6, 7],
  noMarketCodes: ['13008', '69003', '13001'],
  badPhoneLines: [8],
} as const

type Encoding = 'utf-8' | 'windows-1252'

// Windows-1252 byte of each character it can write (the inverse of the WHATWG decoder's table).
const WINDOWS_1252 = new Map<string, number>()
{
  const decoder = new TextDecoder('windows-1252')
  for (let byte = 0; byte < 256; byte++) WINDOWS_1252.set(decoder.decode(Uint8Array.of(byte)), byte)
}

export function encodeWindows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length)
  let length = 0
  for (const char of text) bytes[length++] = WINDOWS_1252.get(char) ?? 0x3f // '?'
  return bytes.subarray(0, length)
}

function encoding(target: Encoding): Transform {
  let first = true
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = chunk.toString()
      const bom = first && target === 'utf-8' ? '\uFEFF' : ''
      first = false
      callback(null, target === 'utf-8' ? Buffer.from(bom + text, 'utf8') : encodeWindows1252(text))
    },
  })
}

/** Streams `count` generated rows (header first) as a `;` CSV with CRLF, Windows-1252 unless told UTF-8 (with BOM). */
export async function writeLeadsCsv(
  path: string,
  count: number,
  options: LeadRowOptions & { encoding?: Encoding },
): Promise<void> {
  function* rows(): Generator<string[]> {
    yield [...LEAD_FIXTURE_HEADERS]
    yield* generateLeadRows(count, options)
  }
  await pipeline(
    Readable.from(rows()),
    stringify({ delimiter: ';', record_delimiter: '\r\n' }),
    encoding(options.encoding ?? 'windows-1252'),
    createWriteStream(path),
  )
}

function windows1252Rows(): string[][] {
  const rows = [...generateLeadRows(18, { badRatio: 0, duplicateRatio: 0, seed: 13 })]
  rows[2]![8] = 'Appeler après 18 h ;\nmaison avec jardin, « urgent »'
  rows[4]![2] = '06 12 34' // line 6: bad phone
  rows[8]![7] = '31/02/2026' // line 10: bad date
  rows[12]![4] = 'helene.lefevre@' // line 14: bad e-mail
  // Lines 20 and 21: the phones of lines 2 and 3 again, written another way.
  const again = (row: string[], phone: string) => [...row.slice(0, 2), phone, '', '', ...row.slice(5)]
  rows.push(again(rows[3]!, rows[0]![2]!.replace(/\D/g, '').replace(/^0/, '+33')))
  rows.push(again(rows[5]!, `0033 ${rows[1]![2]!.replace(/\D/g, '').slice(-9)}`))
  return rows
}

function csv(rows: string[][], delimiter: string): string {
  return stringifySync(rows, { delimiter, record_delimiter: '\r\n' })
}

async function writeSmallFixtures(): Promise<void> {
  await mkdir(FIXTURES_DIR, { recursive: true })
  const header = [...LEAD_FIXTURE_HEADERS]
  await writeFile(
    `${FIXTURES_DIR}/${WINDOWS_1252_FIXTURE.file}`,
    encodeWindows1252(csv([header, ...windows1252Rows()], ';')),
  )

  const broker = BROKER_FIXTURE
  await writeFile(
    `${FIXTURES_DIR}/${broker.file}`,
    encodeWindows1252(csv([[broker.title], [...broker.header], ...broker.rows.map((row) => [...row])], ';')),
  )

  const english = [
    'First name',
    'Last name',
    'Phone',
    'Mobile',
    'Email',
    'Zip code',
    'City',
    'Request date',
    'Comments',
    'Source',
  ]
  const commaRows = [...generateLeadRows(10, { badRatio: 0, duplicateRatio: 0, seed: 21 })]
  commaRows[1]![8] = 'Maison, jardin, garage'
  await writeFile(`${FIXTURES_DIR}/leads-utf8-bom-comma.csv`, `\uFEFF${csv([english, ...commaRows], ',')}`)

  const upper = [
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
  ]
  const tabRows = [...generateLeadRows(10, { badRatio: 0, duplicateRatio: 0, seed: 34 })]
  await writeFile(`${FIXTURES_DIR}/leads-tab.tsv`, csv([upper, ...tabRows], '\t'))

  await writeXlsxFixture()

  // Binary content under a .csv name: PNG signature, NUL bytes and control characters.
  const binary = Buffer.alloc(2048)
  for (let i = 0; i < binary.length; i++) binary[i] = (i * 37) % 256
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(binary)
  await writeFile(`${FIXTURES_DIR}/not-a-csv.csv`, binary)
}

/** XLSX as spreadsheets hold it: phones and postal codes as numbers (leading zero lost), dates as date cells. */
async function writeXlsxFixture(): Promise<void> {
  const header = [
    'Prénom',
    'Nom',
    'Téléphone',
    'Portable',
    'Courriel',
    'Code postal',
    'Ville',
    'Date de demande',
    'Commentaire',
    'Marché',
  ]
  const rows = [...generateLeadRows(10, { badRatio: 0, duplicateRatio: 0, seed: 55 })].map((row, i) => {
    const digits = row[2]!.replace(/\D/g, '').slice(-9)
    const [day, month, year] = row[7]!.slice(0, 10).split('/').map(Number) as [number, number, number]
    return [
      row[0]!,
      row[1]!,
      i % 2 === 0 ? Number(digits) : row[2]!,
      row[3] || null,
      row[4] || null,
      Number(row[5]),
      row[6]!,
      { value: new Date(Date.UTC(year, month - 1, day, 9 + i, 30)), format: 'dd/mm/yyyy hh:mm' },
      row[8] || null,
      i % 3 === 0 ? 'Île-de-France' : 'Province',
    ]
  })
  const xlsx = await writeXlsxFile([header, ...rows]).toBuffer()
  await writeFile(`${FIXTURES_DIR}/leads.xlsx`, withFixedZipTimes(xlsx))
}

/** The ZIP entries' DOS times set to 24/11/2026 00:00, so regenerating the fixture changes no byte. */
function withFixedZipTimes(zip: Buffer): Buffer {
  const date = ((2026 - 1980) << 9) | (11 << 5) | 24
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  let at = zip.readUInt32LE(end + 16)
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const local = zip.readUInt32LE(at + 42)
    zip.writeUInt32LE(date << 16, at + 12)
    zip.writeUInt32LE(date << 16, local + 10)
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return zip
}

if (import.meta.main) await writeSmallFixtures()
