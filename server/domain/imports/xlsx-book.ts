// The parts of an XLSX workbook a lead file's first sheet needs (ECMA-376 Part 1 §12.3, §18): the
// workbook (its first sheet, its date system), the relationships that name the parts, the shared
// strings and the cell styles that make a number a date. Each part is streamed through saxes, the SAX
// parser jsdom uses; the sheet itself is streamed row by row by xlsx-rows.ts.
import path from 'node:path'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { ImportFileError } from './file-rows.ts'
import { isDateFormat, unescapeXlsx, type CellContext } from './xlsx-cells.ts'
import { openZipEntry, type LocatedZipEntry } from './zip-directory.ts'
import { XLSX_UNREADABLE_MESSAGE } from './zip-guard.ts'

export type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void
  close?: (name: string) => void
  text?: (text: string) => void
}

/** A tag's or attribute's name without its namespace prefix (`x:row` → `row`). */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

export function xmlParser(handlers: XmlHandlers): SaxesParser<{ xmlns: false; position: false }> {
  const parser = new SaxesParser({ xmlns: false, position: false })
  const { open, close, text } = handlers
  if (open) parser.on('opentag', (tag: SaxesTagPlain) => open(localName(tag.name), tag.attributes))
  if (close) parser.on('closetag', (tag: SaxesTagPlain) => close(localName(tag.name)))
  if (text) parser.on('text', text)
  return parser
}

export function unreadable(): ImportFileError {
  return new ImportFileError(XLSX_UNREADABLE_MESSAGE)
}

/** Streams a whole (small or shared-strings) part through the handlers. */
async function parsePart(filePath: string, entry: LocatedZipEntry, handlers: XmlHandlers): Promise<void> {
  const parser = xmlParser(handlers)
  const stream = openZipEntry(filePath, entry).setEncoding('utf8')
  try {
    for await (const chunk of stream) parser.write(chunk as string)
    parser.close()
  } catch {
    throw unreadable()
  } finally {
    stream.destroy()
  }
}

function attribute(attributes: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value
  return undefined
}

type Relationship = { type: string; target: string }

/** A part's relationships (`dir/_rels/name.rels`), targets resolved from the part's folder. */
async function relationshipsOf(
  filePath: string,
  parts: Map<string, LocatedZipEntry>,
  partName: string,
): Promise<Map<string, Relationship>> {
  const folder = path.posix.dirname(partName)
  const rels = parts.get(path.posix.join(folder, '_rels', `${path.posix.basename(partName)}.rels`))
  const found = new Map<string, Relationship>()
  if (!rels) return found
  await parsePart(filePath, rels, {
    open(name, attributes) {
      const { Id: id, Type: type = '', Target: target } = attributes
      if (name !== 'Relationship' || !id || !target) return
      const resolved = target.startsWith('/') ? target.slice(1) : path.posix.join(folder, target)
      found.set(id, { type, target: path.posix.normalize(resolved) })
    },
  })
  return found
}

const byType = (rels: Map<string, Relationship>, type: string) =>
  [...rels.values()].find((rel) => rel.type.endsWith(`/${type}`))?.target

export type XlsxBook = CellContext & { sheet: LocatedZipEntry }

/** The first sheet of the workbook and what its cells need to be read. */
export async function openWorkbook(filePath: string, entries: LocatedZipEntry[]): Promise<XlsxBook> {
  const parts = new Map(entries.map((entry) => [entry.name, entry]))
  const rootRels = await relationshipsOf(filePath, parts, '')
  const bookName = byType(rootRels, 'officeDocument') ?? 'xl/workbook.xml'
  const book = parts.get(bookName)
  if (!book) throw unreadable()
  let firstSheet: string | undefined
  let epoch1904 = false
  await parsePart(filePath, book, {
    open(name, attributes) {
      if (name === 'workbookPr') epoch1904 = ['1', 'true'].includes(attributes.date1904 ?? '')
      else if (name === 'sheet') firstSheet ??= attribute(attributes, 'id')
    },
  })
  const rels = await relationshipsOf(filePath, parts, bookName)
  const sheet = parts.get(rels.get(firstSheet ?? '')?.target ?? '')
  if (!sheet) throw unreadable()
  const strings = parts.get(byType(rels, 'sharedStrings') ?? '')
  const styles = parts.get(byType(rels, 'styles') ?? '')
  return {
    sheet,
    epoch1904,
    sharedStrings: strings ? await readSharedStrings(filePath, strings) : [],
    dateStyles: styles ? await readDateStyles(filePath, styles) : [],
  }
}

/** Each `<si>`: its `<t>` texts joined (rich-text runs), phonetic runs (`<rPh>`) left out. */
async function readSharedStrings(filePath: string, entry: LocatedZipEntry): Promise<string[]> {
  const strings: string[] = []
  let current: string | null = null
  let inText = false
  let phonetic = 0
  await parsePart(filePath, entry, {
    open(name) {
      if (name === 'si') current = ''
      else if (name === 't') inText = true
      else if (name === 'rPh') phonetic++
    },
    close(name) {
      if (name === 'si' && current !== null) strings.push(unescapeXlsx(current))
      else if (name === 't') inText = false
      else if (name === 'rPh') phonetic--
    },
    text(text) {
      if (inText && phonetic === 0 && current !== null) current += text
    },
  })
  return strings
}

/** Per cell style (`<c s>`), whether its number format shows a date (a style without one inherits its base's). */
async function readDateStyles(filePath: string, entry: LocatedZipEntry): Promise<boolean[]> {
  const templates = new Map<number, string>()
  const baseFormats: number[] = []
  const cellFormats: number[] = []
  let list: number[] | null = null
  await parsePart(filePath, entry, {
    open(name, attributes) {
      if (name === 'numFmt' && attributes.formatCode !== undefined)
        templates.set(Number(attributes.numFmtId), attributes.formatCode)
      else if (name === 'cellStyleXfs') list = baseFormats
      else if (name === 'cellXfs') list = cellFormats
      else if (name === 'xf' && list) {
        const own = attributes.numFmtId
        const base = attributes.xfId === undefined ? undefined : baseFormats[Number(attributes.xfId)]
        list.push(own !== undefined ? Number(own) : (base ?? 0))
      }
    },
    close(name) {
      if (name === 'cellStyleXfs' || name === 'cellXfs') list = null
    },
  })
  return cellFormats.map((id) => isDateFormat(id, templates.get(id)))
}
