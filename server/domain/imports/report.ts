// GET /api/imports/{id}/rejected.csv (issue #13 "A report at the end"): the rows an import did not
// write — rejected, or skipped as duplicates — with their original cells, their line and the reason,
// ready to fix and re-import. CSV as French Excel opens it (UTF-8 with BOM, `;`); every cell goes
// through the CSV-injection guard. Read a page at a time: constant memory whatever the count.
import { pipeline, Readable } from 'node:stream'
import { and, asc, eq, gt } from 'drizzle-orm'
import { stringify } from 'csv-stringify'
import { CSV_WRITE_OPTIONS } from '../../lib/csv.ts'
import type { ImportRowError } from '../../../src/contracts/imports.ts'
import type { Db } from '../../db/client.ts'
import { importRejections } from '../../db/schema.ts'
import { neutraliseCell } from './csv-safety.ts'
import { normalisePhone } from './normalise.ts'
import { marketsOfMission } from './analysis.ts'
import { storedFilePath } from './files.ts'
import { readValidatedRows } from './read-file.ts'
import { headerLineOf, previewOf, type ImportRow } from './store.ts'

const PAGE = 1000

/**
 * A phone cell of a rejected row, as the agent will fix and re-import it: a valid number, however it
 * was written (`+33 7 70 00 00 13`), in its national form `07 70 00 00 13` (never `'+33…`, which the
 * import would refuse); an invalid one as typed, neutralised like any text.
 */
export function reportPhoneCell(raw: string): string {
  const phone = normalisePhone(raw)
  return phone.ok ? neutraliseCell(phone.e164, 'phone') : neutraliseCell(raw, 'text')
}

export function reasonOf(errors: ImportRowError[]): string {
  return errors.map((error) => `${error.column} : ${error.message}`).join(' ; ')
}

type Rejection = { line: number; cells: string[]; errors: ImportRowError[] }

/**
 * Before the import starts (state 'ready'), its rejected rows are the analysis's: read again from the
 * file and validated as the analysis did (issue #31: the rejected-rows file one click from the preview's
 * errors). Duplicates are the import's to decide, so this file holds the invalid rows only.
 */
async function* analysedRejections(db: Db, filesDir: string, row: ImportRow): AsyncGenerator<Rejection[]> {
  const context = {
    markets: await marketsOfMission(db, row.missionId!),
    marketMode: row.marketMode!,
    now: new Date(),
  }
  const rows = readValidatedRows(
    storedFilePath(filesDir, row.storedFile!),
    row.fileKind,
    { columns: row.columns, context, fromLine: 0 },
    headerLineOf(row),
  )
  let page: Rejection[] = []
  for await (const { line, cells, result } of rows) {
    if (!result.ok) page.push({ line, cells, errors: result.errors })
    if (page.length >= PAGE) {
      yield page
      page = []
    }
  }
  if (page.length > 0) yield page
}

async function* storedRejections(db: Db, row: ImportRow): AsyncGenerator<Rejection[]> {
  let after = 0
  for (;;) {
    const page = await db
      .select()
      .from(importRejections)
      .where(and(eq(importRejections.importId, row.id), gt(importRejections.line, after)))
      .orderBy(asc(importRejections.line))
      .limit(PAGE)
    yield page
    if (page.length < PAGE) return
    after = page.at(-1)!.line
  }
}

async function* records(db: Db, filesDir: string, row: ImportRow): AsyncGenerator<string[]> {
  const headers = previewOf(row).headers ?? []
  const phoneColumns = new Set(
    row.columns.filter((c) => c.target === 'phone' || c.target === 'secondaryPhone').map((c) => c.index),
  )
  yield [...headers, 'Ligne', 'Motif'].map((cell) => neutraliseCell(cell, 'text'))
  const pages =
    row.state === 'ready' && row.storedFile
      ? analysedRejections(db, filesDir, row)
      : storedRejections(db, row)
  for await (const page of pages)
    for (const rejection of page) {
      const cells = headers.map((_, index) => {
        const cell = rejection.cells[index] ?? ''
        return phoneColumns.has(index) ? reportPhoneCell(cell) : neutraliseCell(cell, 'text')
      })
      // Cells past the header row (a ragged line) are kept too.
      for (const extra of rejection.cells.slice(headers.length)) cells.push(neutraliseCell(extra, 'text'))
      yield [...cells, String(rejection.line), neutraliseCell(reasonOf(rejection.errors), 'text')]
    }
}

export function rejectedRowsCsv(db: Db, filesDir: string, row: ImportRow): Readable {
  const csv = stringify({ ...CSV_WRITE_OPTIONS, bom: true })
  // A failure midway ends the download with an error rather than leaving it hanging.
  pipeline(Readable.from(records(db, filesDir, row)), csv, (error) => {
    if (error) csv.destroy(error)
  })
  return csv
}
