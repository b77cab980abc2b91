// The whole-file analysis of an import (job 'lead-import-analyse', issue #13 "Validation preview"):
// one streaming pass over the rows the reading thread parsed and validated (issue #26) that finds
// duplicates (earlier rows, the mission's open leads), counts, and keeps the first rows, errors and
// duplicates for the preview. Nothing is written
// but the import's row; a result whose settings changed meanwhile is dropped.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { imports, markets } from '../../db/schema.ts'
import { lookupFor, PHONE_LOOKUP_BATCH } from './duplicates.ts'
import { errorGrouper } from './error-groups.ts'
import { filePreviewOf, headerLineOf, type ImportPreviewData, type ImportRow } from './store.ts'
import { ImportFileError } from './file-rows.ts'
import { storedFilePath } from './files.ts'
import { charsOf, previewBudget, previewCell } from './preview-limits.ts'
import { readValidatedRows } from './read-file.ts'
import type { ImportedLead } from './validate-row.ts'
import { yieldToEventLoop } from './yield.ts'

export const PREVIEW_ROWS = 20
export const PREVIEW_ISSUES = 200
const YIELD_EVERY = 100

type Counts = { total: number; valid: number; error: number; duplicate: number }
type Pending = { line: number; lead: ImportedLead; firstLine: number | null }

/** A preview row's display strings: lead fields by name, metadata columns by header (each cut for display). */
export function previewValues(lead: ImportedLead): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(lead.metadata)) values[key] = previewCell(value)
  for (const [key, value] of Object.entries(lead)) {
    if (key === 'metadata' || key === 'marketId' || value === null) continue
    values[key] = previewCell(value instanceof Date ? value.toISOString() : String(value))
  }
  return values
}

export async function marketsOfMission(db: Db, missionId: number) {
  return db
    .select({ id: markets.id, name: markets.name, postalCodePrefixes: markets.postalCodePrefixes })
    .from(markets)
    .where(eq(markets.missionId, missionId))
}

/** Runs the analysis of import `importId` as set at `version`; false when the settings moved on. */
export async function analyseImport(
  db: Db,
  filesDir: string,
  importId: number,
  version: number,
  now = new Date(),
): Promise<boolean> {
  // Gone: discarded meanwhile (issue #31), nothing to analyse.
  const [row] = await db.select().from(imports).where(eq(imports.id, importId))
  if (!row || row.version !== version || row.state !== 'analysing' || !row.storedFile) return false
  const marketList = await marketsOfMission(db, row.missionId!)
  const marketNames = new Map(marketList.map((market) => [market.id, market.name]))
  const context = { markets: marketList, marketMode: row.marketMode!, now }
  const lookup = lookupFor(db, row)
  const counts: Counts = { total: 0, valid: 0, error: 0, duplicate: 0 }
  const preview: Required<
    Pick<ImportPreviewData, 'previewRows' | 'errors' | 'duplicates' | 'warnings' | 'warningRows'>
  > = {
    previewRows: [],
    errors: [],
    duplicates: [],
    warnings: [],
    warningRows: 0,
  }
  const grouper = errorGrouper()
  const warningsBudget = previewBudget()
  const seen = new Map<string, number>()
  let pending: Pending[] = []
  // The detail stays small whatever the file (issue #26, preview-limits.ts).
  const rowsBudget = previewBudget()
  const errorsBudget = previewBudget()

  async function settle() {
    const existing = await lookup(
      pending.filter((item) => item.firstLine === null).map((item) => item.lead.phone),
    )
    for (const { line, lead, firstLine } of pending) {
      const existingLeadId = firstLine === null ? (existing.get(lead.phone) ?? null) : null
      if (firstLine === null && existingLeadId === null) counts.valid++
      else {
        counts.duplicate++
        if (preview.duplicates.length < PREVIEW_ISSUES)
          preview.duplicates.push({ line, phone: lead.phone, existingLeadId, firstLine })
      }
    }
    pending = []
  }

  try {
    const rows = readValidatedRows(
      storedFilePath(filesDir, row.storedFile),
      row.fileKind,
      {
        columns: row.columns,
        context,
        fromLine: 0,
      },
      headerLineOf(row),
    )
    for await (const { line, result } of rows) {
      counts.total++
      if (!result.ok) {
        counts.error++
        grouper.add(line, result.errors)
        const size = charsOf(result.errors.flatMap((error) => [error.column, error.message]))
        if (preview.errors.length < PREVIEW_ISSUES && errorsBudget.fits(size))
          preview.errors.push({ line, errors: result.errors })
      } else {
        const { lead, warnings } = result
        if (warnings.length > 0) {
          preview.warningRows++
          const size = charsOf(warnings.flatMap((warning) => [warning.column, warning.message]))
          if (preview.warnings.length < PREVIEW_ISSUES && warningsBudget.fits(size))
            preview.warnings.push({ line, warnings })
        }
        if (preview.previewRows.length < PREVIEW_ROWS) {
          const values = previewValues(lead)
          if (rowsBudget.fits(charsOf(Object.entries(values).flat())))
            preview.previewRows.push({ line, values, marketName: marketNames.get(lead.marketId) ?? null })
        }
        const firstLine = seen.get(lead.phone) ?? null
        if (firstLine === null) seen.set(lead.phone, line)
        pending.push({ line, lead, firstLine })
        if (pending.length >= PHONE_LOOKUP_BATCH) await settle()
      }
      if (counts.total % YIELD_EVERY === 0) await yieldToEventLoop()
    }
    await settle()
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error
    return finish(db, row, version, { state: 'failed', error: error.message })
  }
  return finish(db, row, version, {
    state: 'ready',
    totalRows: counts.total,
    validRows: counts.valid,
    errorRows: counts.error,
    duplicateRows: counts.duplicate,
    preview: { ...filePreviewOf(row), ...preview, errorGroups: grouper.groups() },
  })
}

async function finish(
  db: Db,
  row: ImportRow,
  version: number,
  values: Partial<typeof imports.$inferInsert>,
): Promise<boolean> {
  const updated = await db
    .update(imports)
    .set(values)
    .where(and(eq(imports.id, row.id), eq(imports.version, version), eq(imports.state, 'analysing')))
    .returning({ id: imports.id })
  return updated.length > 0
}
