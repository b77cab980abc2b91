// An import's row → the API's shapes (src/contracts/imports.ts): the history's summary and the
// detail the integration screen reads. What the analysis and the job learn about the file is kept in
// the row's `preview` jsonb (ImportPreviewData) so a detail is one read, whatever the file's size.
import { eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  ImportDetail,
  ImportState,
  ImportSummary,
  importDetailSchema,
} from '../../../src/contracts/imports.ts'
import type { Db } from '../../db/client.ts'
import { importMappings, imports, markets, missions, users } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'

type Detail = z.infer<typeof importDetailSchema>

/** The `preview` jsonb of an import. */
export type ImportPreviewData = {
  /** Upload: the header row and the first rows as read. */
  headers?: string[]
  sampleRows?: string[][]
  /** The header's line (1 when absent) and the first non-blank rows as read, to choose it. */
  headerLine?: number
  topRows?: Detail['topRows']
  /** Analysis: the first rows as imported, the first errors and duplicates. */
  previewRows?: Detail['previewRows']
  errors?: Detail['errors']
  duplicates?: Detail['duplicates']
  warningRows?: number
  warnings?: Detail['warnings']
  errorGroups?: Detail['errorGroups']
  /** Import: the markets its leads went to. */
  marketIds?: number[]
  /** Undo: the leads kept because someone already worked them. */
  keptLeads?: Detail['keptLeads']
}

export type ImportRow = typeof imports.$inferSelect

/** Not started yet: the header and settings may still change, and the import may be discarded. */
export const NOT_STARTED: readonly ImportState[] = ['uploaded', 'analysing', 'ready']

export const IMPORT_NOT_FOUND = 'Import introuvable.'

const iso = (date: Date | null) => (date ? date.toISOString() : null)

export function previewOf(row: ImportRow): ImportPreviewData {
  return row.preview as ImportPreviewData
}

/** What an upload read of the file, kept whatever the settings (the analysis adds to it). */
export function filePreviewOf(row: ImportRow): ImportPreviewData {
  const { headers, sampleRows, headerLine, topRows } = previewOf(row)
  return { headers, sampleRows, headerLine, topRows }
}

export function headerLineOf(row: ImportRow): number {
  return previewOf(row).headerLine ?? 1
}

function marketIdsOf(row: ImportRow): number[] {
  if (row.marketMode?.kind === 'fixed') return [row.marketMode.marketId]
  return previewOf(row).marketIds ?? []
}

/** Summaries of rows, with their creators', missions', markets' and mappings' names (4 reads in all). */
export async function summariesOf(db: Tx, rows: ImportRow[], now = new Date()): Promise<ImportSummary[]> {
  const ids = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))]
  const userIds = ids(rows.map((row) => row.createdBy))
  const missionIds = ids(rows.map((row) => row.missionId))
  const marketIds = ids(rows.flatMap(marketIdsOf))
  const mappingIds = ids(rows.map((row) => row.mappingId))
  // One after the other: `db` may be a transaction (one connection, one query at a time).
  const userRows = userIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, userIds))
    : []
  const missionRows = missionIds.length
    ? await db
        .select({ id: missions.id, name: missions.name })
        .from(missions)
        .where(inArray(missions.id, missionIds))
    : []
  const marketRows = marketIds.length
    ? await db
        .select({ id: markets.id, name: markets.name })
        .from(markets)
        .where(inArray(markets.id, marketIds))
    : []
  const mappingRows = mappingIds.length
    ? await db
        .select({ id: importMappings.id, name: importMappings.name })
        .from(importMappings)
        .where(inArray(importMappings.id, mappingIds))
    : []
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((item) => [item.id, item]))
  const [userMap, missionMap, marketMap, mappingMap] = [
    byId(userRows),
    byId(missionRows),
    byId(marketRows),
    byId(mappingRows),
  ]
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    fileKind: row.fileKind,
    createdAt: row.createdAt.toISOString(),
    createdBy: (row.createdBy !== null && userMap.get(row.createdBy)) || null,
    mission: (row.missionId !== null && missionMap.get(row.missionId)) || null,
    markets: marketIdsOf(row).flatMap((id) => marketMap.get(id) ?? []),
    mappingName: (row.mappingId !== null && mappingMap.get(row.mappingId)?.name) || null,
    state: row.state,
    totalRows: row.totalRows,
    validRows: row.validRows,
    errorRows: row.errorRows,
    duplicateRows: row.duplicateRows,
    rowsDone: row.rowsDone,
    importedCount: row.importedCount,
    updatedCount: row.updatedCount,
    skippedCount: row.skippedCount,
    rejectedCount: row.rejectedCount,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    durationMs:
      row.startedAt && row.finishedAt
        ? Math.max(0, row.finishedAt.getTime() - row.startedAt.getTime())
        : null,
    fileAvailable: row.storedFile !== null && row.fileExpiresAt.getTime() > now.getTime(),
    undoneAt: iso(row.undoneAt),
    undoDeletedCount: row.undoDeletedCount,
    undoKeptCount: row.undoKeptCount,
  }))
}

export async function detailOf(db: Tx, row: ImportRow): Promise<ImportDetail> {
  const [summary] = await summariesOf(db, [row])
  const preview = previewOf(row)
  return {
    ...summary!,
    version: row.version,
    encoding: row.encoding,
    delimiter: row.delimiter,
    headers: preview.headers ?? [],
    sampleRows: preview.sampleRows ?? [],
    columns: row.columns,
    marketMode: row.marketMode,
    duplicatePolicy: row.duplicatePolicy,
    previewRows: preview.previewRows ?? [],
    errors: preview.errors ?? [],
    duplicates: preview.duplicates ?? [],
    error: row.error,
    headerLine: headerLineOf(row),
    topRows: preview.topRows ?? [],
    warningRows: preview.warningRows ?? 0,
    warnings: preview.warnings ?? [],
    errorGroups: preview.errorGroups ?? [],
    keptLeads: preview.keptLeads ?? [],
  }
}

/** The import's row (404 in French when there is none); `lock` takes it FOR UPDATE (in a transaction). */
export async function findImport(db: Tx, id: number, lock = false): Promise<ImportRow> {
  const query = db.select().from(imports).where(eq(imports.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw errors.notFound(IMPORT_NOT_FOUND)
  return row
}

export async function getImportDetail(db: Db | Tx, id: number): Promise<ImportDetail> {
  return detailOf(db, await findImport(db, id))
}
