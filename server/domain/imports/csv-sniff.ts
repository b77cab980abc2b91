// What a CSV file's first 64 KB tell (issue #13 "Integration"; docs/domain.md "Lead import"): its
// encoding (French tools write UTF-8, with or without BOM, or Windows-1252) and its delimiter.

export type CsvEncoding = 'utf-8' | 'windows-1252'
export type CsvDelimiter = ';' | ',' | '\t'

/** How much of the file the sniffing reads. */
export const SNIFF_BYTES = 64 * 1024

const UTF8_BOM = [0xef, 0xbb, 0xbf]

export function hasUtf8Bom(sample: Uint8Array): boolean {
  return UTF8_BOM.every((byte, i) => sample[i] === byte)
}

/**
 * UTF-8 when there is a BOM, or when the sample is valid UTF-8 (a character cut by the sample's end
 * is not an error: `stream: true` keeps it pending); otherwise Windows-1252, which decodes any byte.
 * The sample alone cannot tell a file whose first 64 KB are plain ASCII and whose later rows hold
 * Windows-1252 accents: `inspectCsv` (read-file.ts) then checks the whole file.
 */
export function sniffEncoding(sample: Uint8Array): CsvEncoding {
  if (hasUtf8Bom(sample)) return 'utf-8'
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true })
    return 'utf-8'
  } catch {
    return 'windows-1252'
  }
}

/** Per line (a quoted line break stays inside its record), how often each candidate occurs outside quotes. */
function countPerRecord(text: string, maxRecords: number): Record<CsvDelimiter, number>[] {
  const records: Record<CsvDelimiter, number>[] = []
  let counts = { ';': 0, ',': 0, '\t': 0 }
  let quoted = false
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const char = text[i]
    if (char === '"') quoted = !quoted
    else if (quoted) continue
    else if (char === ';' || char === ',' || char === '\t') counts[char]++
    else if (char === '\n') {
      records.push(counts)
      counts = { ';': 0, ',': 0, '\t': 0 }
    }
  }
  // The sample's last record may be cut: only counted when nothing else was read.
  if (records.length === 0) records.push(counts)
  return records
}

/**
 * The delimiter among `;`, `,` and tab: the one that splits the most lines the same number of times
 * (its most common count; ties: more columns, then `;` as French tools write). Every line counts
 * alike, the first included: a title line above the header (« Leads courtier, novembre 2026 ») is
 * one line against the others, not the header that decides (issue #31). `;` when no candidate splits
 * any line (a one-column file).
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  const records = countPerRecord(text, 20).filter((counts) => counts[';'] + counts[','] + counts['\t'] > 0)
  let best: { delimiter: CsvDelimiter; score: number; columns: number } = {
    delimiter: ';',
    score: 0,
    columns: 0,
  }
  for (const delimiter of [';', '\t', ','] as const) {
    const frequency = new Map<number, number>()
    for (const counts of records)
      if (counts[delimiter] > 0) frequency.set(counts[delimiter], (frequency.get(counts[delimiter]) ?? 0) + 1)
    for (const [columns, lines] of frequency) {
      const score = lines / records.length
      if (score > best.score || (score === best.score && columns > best.columns))
        best = { delimiter, score, columns }
    }
  }
  return best.delimiter
}
