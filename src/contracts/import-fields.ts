// Lead import vocabulary shared by the browser preview and the server (issue #13). No zod, no DOM:
// the mapping step of /integration/integrate reads it without loading the API schemas.

/** The lead fields a file column can fill. */
export const IMPORT_LEAD_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'secondaryPhone',
  'email',
  'address',
  'postalCode',
  'city',
  'meetRequestDate',
  'comment',
  /** The market's name or id per row (market mode "column"). */
  'market',
] as const
export type ImportLeadField = (typeof IMPORT_LEAD_FIELDS)[number]

/** Where a column goes: a lead field, the lead's metadata (kept under the column's header), or nowhere. */
export type ImportTarget = ImportLeadField | 'metadata' | 'ignore'

/** One column of the file and its target; `index` is the column's position (0-based) in the file. */
export type ImportColumnMapping = { index: number; header: string; target: ImportTarget }

/** How each row gets its market. */
export type ImportMarketMode =
  { kind: 'fixed'; marketId: number } | { kind: 'column' } | { kind: 'postalCode' }

/** What to do with a row whose normalised phone is already an open lead of the mission (or earlier in the file). */
export const IMPORT_DUPLICATE_POLICIES = ['skip', 'fillEmpty', 'importAnyway'] as const
export type ImportDuplicatePolicy = (typeof IMPORT_DUPLICATE_POLICIES)[number]

/** The states of an import (history filter, live progress). */
export const IMPORT_STATES = [
  /** Stored, header read; no settings yet. */
  'uploaded',
  'analysing',
  'ready',
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
  'undone',
] as const
export type ImportState = (typeof IMPORT_STATES)[number]

/** Upload limit for one file (issue #13). */
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024

/** A rejected cell: the column's header, the field and why, in French. */
export type ImportRowError = { column: string; field: ImportLeadField | null; message: string }
