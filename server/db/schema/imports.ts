// Lead integration (imports) and extractions (issue #13). Files live in the configured files folder
// (FILES_DIR), so every process reads them; these rows say where, whose and how far.
import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
  ImportColumnMapping,
  ImportDuplicatePolicy,
  ImportMarketMode,
  ImportRowError,
  ImportState,
} from '../../../src/contracts/import-fields.ts'
import { ts } from './columns.ts'
import { missions } from './missions.ts'
import { users } from './users.ts'

/** A named column mapping, reused for the next file of the same source. */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Matched to a new file's columns by header (folded), not by position. */
    columns: jsonb('columns').$type<ImportColumnMapping[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_name_key').on(sql`app_fold(${t.name})`)],
)

export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** Name of the stored file inside FILES_DIR; null once purged (30 days). */
    storedFile: text('stored_file'),
    fileSha256: text('file_sha256').notNull(),
    fileKind: text('file_kind').$type<'csv' | 'xlsx'>().notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Null until the settings are chosen (state 'uploaded'; migration 0019). */
    missionId: integer('mission_id').references(() => missions.id),
    marketMode: jsonb('market_mode').$type<ImportMarketMode>(),
    columns: jsonb('columns').$type<ImportColumnMapping[]>().notNull(),
    mappingId: integer('mapping_id').references(() => importMappings.id, { onDelete: 'set null' }),
    duplicatePolicy: text('duplicate_policy').$type<ImportDuplicatePolicy>().notNull(),
    state: text('state').$type<ImportState>().notNull(),
    /** Whole-file counts of the analysis (preview). */
    totalRows: integer('total_rows').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    duplicateRows: integer('duplicate_rows').notNull().default(0),
    /** The first rows as they will be imported, and the first errors (analysis). */
    preview: jsonb('preview').$type<Record<string, unknown>>().notNull().default({}),
    /** Checkpoint: the last file line whose batch committed (resume starts after it). */
    lastLine: integer('last_line').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    /** First day of the import's month, Europe/Paris (YYYY-MM-01): the leads' integrationMonth. */
    integrationMonth: text('integration_month'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
    cancelRequested: integer('cancel_requested').notNull().default(0),
    undoneAt: ts('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
    undoDeletedCount: integer('undo_deleted_count'),
    undoKeptCount: integer('undo_kept_count'),
    fileExpiresAt: ts('file_expires_at').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('imports_created_idx').on(t.createdAt, t.id), index('imports_state_idx').on(t.state)],
)

/** Rows an import did not write (rejected, or a skipped duplicate), with the original cells: the downloadable report. */
export const importRejections = pgTable(
  'import_rejections',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    kind: text('kind').$type<'rejected' | 'duplicate'>().notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
)

/** Every extraction of leads (personal data exports must be traceable). */
export const extractions = pgTable(
  'extractions',
  {
    id: serial('id').primaryKey(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    /** 'streamed' (direct download), or a background job's 'queued' | 'running' | 'done' | 'failed'. */
    state: text('state').$type<'streamed' | 'queued' | 'running' | 'done' | 'failed'>().notNull(),
    rowCount: integer('row_count'),
    rowsDone: integer('rows_done').notNull().default(0),
    storedFile: text('stored_file'),
    fileSize: bigint('file_size', { mode: 'number' }),
    expiresAt: ts('expires_at'),
    finishedAt: ts('finished_at'),
    error: text('error'),
  },
  (t) => [index('extractions_created_idx').on(t.createdAt, t.id)],
)
