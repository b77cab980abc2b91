// An XLSX cell's stored value → the text a lead file's reader works with (issue #13; issue #26): shared
// and inline strings trimmed, numbers as JavaScript writes them, booleans `true`/`false`, error cells
// empty, and numbers under a date format (ECMA-376 §18.8.30 built-in ids, or a custom format made of
// date tokens) as the local wall clock `2026-11-24T09:30:00`, which parseFrenchDate reads in Paris.
// The same rules as read-excel-file, which read these files before and still reads them in the browser.

/** Built-in number formats that show dates or times: locale-independent, then East Asian and Thai ones. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54,
  55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
])
const DATE_TOKENS = new Set(
  'd dd ddd dddd m mm mmm mmmm mmmmm y yy yyyy h hh s ss am pm a p aaa aaaa aaaaa e ee eeee'.split(' '),
)

/** A custom format is a date when every token left once quoted text, escapes and brackets go is a date token. */
function isDateTemplate(template: string): boolean {
  const parts = template.toLowerCase().replace(/;@$/, '').replace(/\\./g, ' ').split(';')
  return parts.some((part) => {
    const bare = part
      .replace(/"[^"]*"/g, ' ')
      .replace(/(\[?[smhd]{1,2}\]?)[.,]0{1,3}/g, '$1')
      .replace(/\[([smhd]{1,2})\]/g, '$1')
      .replace(/\[[^[\]]*\]/g, '')
    const tokens = bare.split(/[^a-z0#?%]+/).filter(Boolean)
    return tokens.length > 0 && tokens.every((token) => DATE_TOKENS.has(token))
  })
}

/** Whether number format `id` (with its `formatCode` when custom, ids ≥ 100) shows a date. */
export function isDateFormat(id: number, template: string | undefined): boolean {
  if (BUILT_IN_DATE_FORMATS.has(id)) return true
  // Excel's format codes hold at most 255 characters: a longer one is no date of Excel's.
  return id >= 100 && template !== undefined && template.length <= 255 && isDateTemplate(template)
}

/** Characters XML 1.0 cannot hold are written `_xHHHH_` (ECMA-376 §22.9.2.19). */
export function unescapeXlsx(text: string): string {
  if (!text.includes('_x')) return text
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0')
}

/** A Date whose UTC fields hold the wall clock, as local ISO; Excel's 09:29:59.999 is 09:30:00. */
function wallClockText(value: Date): string {
  if (Number.isNaN(value.getTime())) return ''
  const wall = new Date(Math.round(value.getTime() / 1000) * 1000)
  const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`
  return `${date}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
}

const DAY_MS = 86_400_000
/** 1970-01-01 as an Excel serial (1900 system, with its phantom 29 February 1900). */
const UNIX_EPOCH_SERIAL = 25_569
/** The 1904 system counts from 1904-01-01: its serials are this many days smaller. */
const EPOCH_1904_SHIFT = 1_462

export type CellContext = { sharedStrings: string[]; dateStyles: boolean[]; epoch1904: boolean }
export type StoredCell = { type: string | undefined; style: string | undefined; value: string | undefined }

/** The cell's text; null when it points at a shared string the file does not have. */
export function cellText(cell: StoredCell, context: CellContext): string | null {
  const { value } = cell
  switch (cell.type ?? 'n') {
    case 's': {
      if (!value) return ''
      const text = context.sharedStrings[Number(value)]
      return text === undefined ? null : text.trim()
    }
    case 'str':
    case 'inlineStr':
      return unescapeXlsx(value ?? '').trim()
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : ''
    case 'e':
      return ''
    case 'd':
      return value ? wallClockText(new Date(value)) : ''
    default: {
      if (!value) return ''
      const number = Number(value)
      if (Number.isNaN(number)) return value.trim()
      if (cell.style !== undefined && context.dateStyles[Number(cell.style)]) {
        const serial = context.epoch1904 ? number + EPOCH_1904_SHIFT : number
        return wallClockText(new Date(Math.floor((serial - UNIX_EPOCH_SERIAL) * DAY_MS)))
      }
      return String(number)
    }
  }
}
