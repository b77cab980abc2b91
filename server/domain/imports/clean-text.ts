// Text cells of imported files as leads store them (docs/domain.md "Lead import"): control characters
// stripped (the rule of src/contracts/control-characters.ts: none in single-line fields; tab and line
// breaks kept in comments), spaces trimmed, and capped at the field's length rather than refused.
import type { ImportColumnMapping } from '../../../src/contracts/import-fields.ts'

/** Metadata: at most this many characters per key and per value. */
export const METADATA_KEY_MAX = 100
export const METADATA_VALUE_MAX = 1000

function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f)
}

/** `max` characters at most, never cutting a surrogate pair in two. */
function cap(value: string, max: number): string {
  if (value.length <= max) return value
  const cut = value.slice(0, max)
  const last = cut.charCodeAt(cut.length - 1)
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd()
}

/**
 * Single-line: tabs and line breaks become spaces, other control characters go, runs of spaces
 * shrink to one. Multi-line: CRLF and CR become LF, tab and LF stay, other control characters go.
 */
export function cleanText(
  value: string,
  { max, multiline = false }: { max: number; multiline?: boolean },
): string {
  let text = ''
  const source = multiline ? value.replace(/\r\n?/g, '\n') : value
  for (let i = 0; i < source.length; i++) {
    const code = source.charCodeAt(i)
    if (!isControl(code)) text += source[i]
    else if (code === 0x09 || code === 0x0a || code === 0x0d) text += multiline ? source[i] : ' '
  }
  const tidy = multiline ? text.trim() : text.replace(/ {2,}/g, ' ').trim()
  return cap(tidy, max)
}

/** The metadata columns' non-empty cells under their header (`Colonne 7` for an empty one; `Source (2)` for a repeat). */
export function metadataOf(cells: string[], mapping: ImportColumnMapping[]): Record<string, string> {
  const metadata: Record<string, string> = {}
  for (const column of mapping) {
    if (column.target !== 'metadata') continue
    const value = cleanText(cells[column.index] ?? '', { max: METADATA_VALUE_MAX, multiline: true })
    if (value === '') continue
    const header = cleanText(column.header, { max: METADATA_KEY_MAX }) || `Colonne ${column.index + 1}`
    let key = header
    for (let n = 2; Object.hasOwn(metadata, key); n++) key = `${header} (${n})`
    metadata[key] = value
  }
  return metadata
}
