// Lead integration API (issue #13; routes in server/routes/imports, screens /integration/*).
// Flow: upload the file (POST /api/imports: stored, header and first rows read) → settings
// (PUT /api/imports/{id}/settings: mission, market, columns, duplicates; starts the whole-file
// analysis job) → preview (GET /api/imports/{id}: counts, first rows, errors) → start
// (POST /api/imports/{id}/start: the import job). Progress is live on `user:{id}:importProgress`.
import { z } from 'zod'
import { safeText } from './safe-text.ts'
import {
  IMPORT_DUPLICATE_POLICIES,
  IMPORT_LEAD_FIELDS,
  IMPORT_STATES,
  type ImportColumnMapping,
  type ImportMarketMode,
} from './import-fields.ts'

export * from './import-fields.ts'

const id = z.number().int().positive()
const idInput = z.coerce.number().int().positive().max(2_147_483_647)

export const importTargetSchema = z.enum([...IMPORT_LEAD_FIELDS, 'metadata', 'ignore'])

export const importColumnSchema = z.object({
  index: z.number().int().min(0).max(499),
  header: safeText().max(200),
  target: importTargetSchema,
})
importColumnSchema satisfies z.ZodType<ImportColumnMapping>

export const importMarketModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), marketId: idInput }),
  z.object({ kind: z.literal('column') }),
  z.object({ kind: z.literal('postalCode') }),
])
importMarketModeSchema satisfies z.ZodType<ImportMarketMode>

/** PUT /api/imports/{id}/settings: what the analysis and the import apply. */
export const importSettingsSchema = z.object({
  missionId: idInput,
  marketMode: importMarketModeSchema,
  columns: z.array(importColumnSchema).min(1).max(500),
  duplicatePolicy: z.enum(IMPORT_DUPLICATE_POLICIES),
  /** Saves (or overwrites, by folded name) the columns as a named mapping. */
  saveMappingAs: safeText().trim().min(1).max(80).optional(),
  /** The version read (409 when another tab changed the settings meanwhile). */
  version: z.number().int().min(1),
})
export type ImportSettings = z.infer<typeof importSettingsSchema>

const ref = z.object({ id, name: z.string() })

/** One row of /integration/history. */
export const importSummarySchema = z.object({
  id,
  fileName: z.string(),
  fileSize: z.number().int(),
  fileKind: z.enum(['csv', 'xlsx']),
  createdAt: z.string(),
  createdBy: z.object({ id, firstName: z.string(), lastName: z.string() }).nullable(),
  mission: ref.nullable(),
  /** The fixed market, or the markets the imported leads went to. */
  markets: z.array(ref),
  mappingName: z.string().nullable(),
  state: z.enum(IMPORT_STATES),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  duplicateRows: z.number().int(),
  rowsDone: z.number().int(),
  importedCount: z.number().int(),
  updatedCount: z.number().int(),
  skippedCount: z.number().int(),
  rejectedCount: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The original file can still be downloaded (kept 30 days). */
  fileAvailable: z.boolean(),
  undoneAt: z.string().nullable(),
  undoDeletedCount: z.number().int().nullable(),
  undoKeptCount: z.number().int().nullable(),
})
export type ImportSummary = z.infer<typeof importSummarySchema>

/**
 * A preview row as it will be imported (display strings; phone in E.164). `values` keys: the lead
 * fields filled (ImportLeadField names; meetRequestDate as an ISO instant) and, for metadata columns,
 * the column's header.
 */
export const importPreviewRowSchema = z.object({
  line: z.number().int(),
  values: z.record(z.string(), z.string()),
  marketName: z.string().nullable(),
})

export const importRowErrorSchema = z.object({
  column: z.string(),
  field: z.enum(IMPORT_LEAD_FIELDS).nullable(),
  message: z.string(),
})

export const importDetailSchema = importSummarySchema.extend({
  version: z.number().int(),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  /** The file's header row and first rows as read (before any mapping). */
  headers: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  columns: z.array(importColumnSchema),
  marketMode: importMarketModeSchema.nullable(),
  duplicatePolicy: z.enum(IMPORT_DUPLICATE_POLICIES),
  /** Filled by the analysis: the first rows as imported, the first errors and duplicates. */
  previewRows: z.array(importPreviewRowSchema),
  errors: z.array(z.object({ line: z.number().int(), errors: z.array(importRowErrorSchema) })),
  duplicates: z.array(
    z.object({
      line: z.number().int(),
      phone: z.string(),
      /** The open lead of the mission with that phone; null: an earlier line of the file. */
      existingLeadId: id.nullable(),
      firstLine: z.number().int().nullable(),
    }),
  ),
  error: z.string().nullable(),
  /** The header's line in the file (a title may stand above it) and the file's first rows as read, to choose it. */
  headerLine: z.number().int().min(1),
  topRows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  /** Rows imported without an optional value that was invalid (dropped): the count and the first ones. */
  warningRows: z.number().int(),
  warnings: z.array(z.object({ line: z.number().int(), warnings: z.array(importRowErrorSchema) })),
  /** The rejected rows grouped by cause: how many, their first lines and values (the codes, the e-mails…). */
  errorGroups: z.array(
    z.object({
      column: z.string(),
      field: z.enum(IMPORT_LEAD_FIELDS).nullable(),
      /** The message with its value as `…`. */
      cause: z.string(),
      count: z.number().int(),
      lines: z.array(z.number().int()),
      values: z.array(z.string()),
    }),
  ),
  /** After an undo: the leads kept because someone already worked them. */
  keptLeads: z.array(z.object({ id, uuid: z.string(), name: z.string() })),
})
export type ImportDetail = z.infer<typeof importDetailSchema>
export type ImportErrorGroup = ImportDetail['errorGroups'][number]

/** PUT /api/imports/{id}/header: the line of the file that holds the header (the mapping is guessed again). */
export const importHeaderSchema = z.object({
  headerLine: z.number().int().min(1).max(1000),
  version: z.number().int().min(1),
})
export type ImportHeaderInput = z.infer<typeof importHeaderSchema>

export const importHistoryQuerySchema = z.object({
  state: z.enum(IMPORT_STATES).optional(),
  missionId: idInput.optional(),
  search: safeText().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})
export type ImportHistoryQuery = z.infer<typeof importHistoryQuerySchema>

export const importHistoryPageSchema = z.object({
  items: z.array(importSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ImportHistoryPage = z.infer<typeof importHistoryPageSchema>

export const importMappingSchema = z.object({
  id,
  name: z.string(),
  columns: z.array(importColumnSchema),
  updatedAt: z.string(),
})
export type ImportMapping = z.infer<typeof importMappingSchema>

/** Live progress (`user:{id}:importProgress`, every administrator): a signal, the page refetches details. */
export const importProgressSchema = z.object({
  importId: id,
  state: z.enum(IMPORT_STATES),
  rowsDone: z.number().int().min(0),
  totalRows: z.number().int().min(0),
  rowsPerSecond: z.number().min(0),
  /** Estimated seconds left; null when unknown. */
  secondsLeft: z.number().int().min(0).nullable(),
})
export type ImportProgress = z.infer<typeof importProgressSchema>

/*
 * Endpoints (all ADMIN):
 *   POST   /api/imports                      multipart `file` → 201 ImportDetail (state 'uploaded')
 *   GET    /api/imports?…                     ImportHistoryPage
 *   GET    /api/imports/{id}                  ImportDetail
 *   PUT    /api/imports/{id}/header           ImportHeaderInput → ImportDetail ('uploaded', columns guessed again)
 *   PUT    /api/imports/{id}/settings         ImportSettings → ImportDetail ('analysing')
 *   POST   /api/imports/{id}/start            → ImportDetail ('queued')
 *   POST   /api/imports/{id}/cancel           → ImportDetail
 *   POST   /api/imports/{id}/undo             → ImportDetail ('undone')
 *   DELETE /api/imports/{id}                  discards an import not started ('uploaded', 'analysing', 'ready')
 *   GET    /api/imports/{id}/file             the original file (attachment)
 *   GET    /api/imports/{id}/rejected.csv     rejected and skipped rows + "Motif" column (CSV, UTF-8 BOM, ;)
 *   GET    /api/import-mappings               ImportMapping[]
 *   DELETE /api/import-mappings/{id}
 */
