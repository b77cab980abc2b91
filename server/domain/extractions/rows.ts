// The rows of an extraction, read from the database in chunks by id (keyset pagination), so an
// extraction of any size holds one chunk in memory at a time (docs/architecture.md "Extractions").
// Each chunk is one short statement, outside any transaction: on PGlite, which answers one query at
// a time, agents' requests interleave between chunks. Only the columns asked for are computed.
import { sql, type SQL } from 'drizzle-orm'
import {
  EXTRACTION_COLUMN_LABELS,
  EXTRACTION_STATUS_LABELS,
  EXTRACTION_SUBSTATUS_LABELS,
} from '../../../src/contracts/extraction-labels.ts'
import {
  EXTRACTION_PHONE_COLUMNS,
  type ExtractionColumn,
  type ExtractionFilters,
} from '../../../src/contracts/extractions.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { leads, markets, missions } from '../../db/schema.ts'
import { neutraliseCell } from '../imports/csv-safety.ts'
import type { LeadActor } from '../leads/access.ts'
import { monthText, parisDateTime, parisWallClock, phoneCell } from './cells.ts'
import { EXPIRATION, EXTRACTION_FROM, extractionCondition, lastTagValue } from './query.ts'

/** Rows read per statement: large enough to amortise the round trip, small enough to interleave. */
export const EXTRACTION_CHUNK_ROWS = 2_000

const CALLS_OF_LEAD = sql`from calls c where c.lead_id = ${leads.id} or (c.lead_id is null and c.detected_lead_id = ${leads.id})`

/**
 * Dates travel as epoch milliseconds (float8): the drivers' timestamp parsing would cost more than
 * the rest of the row; extraction-cells.ts writes them in Europe/Paris.
 */
function epochMs(value: SQL): SQL {
  return sql`(extract(epoch from ${value}) * 1000)::float8`
}

/** The lead's active appointment (at most one: appointments_lead_active_key), hashed once per chunk. */
const APPOINTMENT_JOIN = sql`left join appointments appt on appt.lead_id = ${leads.id} and appt.cancelled_at is null`

const PHONE_COLUMNS = new Set<ExtractionColumn>(EXTRACTION_PHONE_COLUMNS)

const EXPRESSIONS: Record<ExtractionColumn, SQL> = {
  id: sql`${leads.id}`,
  firstName: sql`${leads.firstName}`,
  lastName: sql`${leads.lastName}`,
  phone: sql`${leads.phone}`,
  secondaryPhone: sql`${leads.secondaryPhone}`,
  email: sql`${leads.email}`,
  address: sql`${leads.address}`,
  postalCode: sql`${leads.postalCode}`,
  city: sql`${leads.city}`,
  mission: sql`${missions.name}`,
  market: sql`${markets.name}`,
  status: sql`${leads.status}`,
  substatus: sql`${leads.substatus}`,
  step: sql`${leads.step}`,
  integrationMonth: sql`${leads.integrationMonth}`,
  meetRequestDate: epochMs(sql`${leads.meetRequestDate}`),
  expirationDate: epochMs(EXPIRATION),
  lastActivity: epochMs(sql`${leads.updatedAt}`),
  comment: sql`${leads.comment}`,
  lastOutcome: lastTagValue(sql`coalesce(lt.label, (select t.label from tags t where t.id = cpt.tag_id))`),
  lastCallDate: epochMs(sql`(select max(c.started_at) ${CALLS_OF_LEAD})`),
  callCount: sql`(select count(*)::int ${CALLS_OF_LEAD})`,
  // Joined (APPOINTMENT_JOIN): a correlated subquery would scan the small table once per lead.
  appointmentDate: epochMs(sql`appt.starts_at`),

  processingUser: sql`(select u.first_name || ' ' || u.last_name from users u
    where u.id = coalesce(${leads.processingUserId}, ${lastTagValue(sql`lt.user_id`)}))`,
}

/** Dates come as epoch milliseconds; everything else as text or numbers. */
export type ExtractionValue = string | number | null
/** A lead's values: its id (the cursor), then the columns asked for, in their order. */
export type ExtractionRow = ExtractionValue[]

const DATE_COLUMNS = new Set<ExtractionColumn>([
  'meetRequestDate',
  'expirationDate',
  'lastActivity',
  'lastCallDate',
  'appointmentDate',
])

export type ExtractionQuery = {
  actor: LeadActor
  filters: ExtractionFilters
  columns: readonly ExtractionColumn[]
}

/** The matching leads, chunk after chunk in id order; `chunkRows` rows at most per chunk. */
export async function* extractionChunks(
  db: Db,
  { actor, filters, columns }: ExtractionQuery,
  chunkRows = EXTRACTION_CHUNK_ROWS,
): AsyncGenerator<ExtractionRow[]> {
  const where = extractionCondition(db, actor, filters)
  // One JSON array per row: the drivers parse one text field instead of one per column (PGlite's
  // per-field cost dominated), and JSON.parse is native.
  const values = sql.join([sql`${leads.id}`, ...columns.map((column) => EXPRESSIONS[column])], sql`, `)
  const joins = columns.includes('appointmentDate') ? APPOINTMENT_JOIN : sql``
  let after = 0
  for (;;) {
    const result = rowsOf<{ r: string }>(
      await db.execute(sql`select json_build_array(${values})::text as r from ${EXTRACTION_FROM} ${joins}
        where ${where} and ${leads.id} > ${after} order by ${leads.id} limit ${chunkRows}`),
    )
    if (result.length === 0) return
    const rows = result.map((row) => JSON.parse(row.r) as ExtractionRow)
    yield rows
    if (rows.length < chunkRows) return
    after = Number(rows.at(-1)![0])
  }
}

/** The header line: the columns' French names. */
export function headerCells(columns: readonly ExtractionColumn[]): string[] {
  return columns.map((column) => EXTRACTION_COLUMN_LABELS[column])
}

function textOf(column: ExtractionColumn, value: ExtractionValue): string {
  if (value === null || value === undefined) return ''
  if (DATE_COLUMNS.has(column)) return parisDateTime(Number(value))
  if (column === 'integrationMonth') return monthText(String(value))
  if (column === 'status') return EXTRACTION_STATUS_LABELS[value as keyof typeof EXTRACTION_STATUS_LABELS]
  if (column === 'substatus')
    return EXTRACTION_SUBSTATUS_LABELS[value as keyof typeof EXTRACTION_SUBSTATUS_LABELS]
  return String(value)
}

/**
 * A row as the file writes it: text cells neutralised against formulas (CSV injection), phone
 * columns written as phones (national `0…` for French numbers, never prefixed).
 */
export function rowCells(row: ExtractionRow, columns: readonly ExtractionColumn[]): string[] {
  return columns.map((column, index) => {
    const text = textOf(column, row[index + 1] ?? null)
    return PHONE_COLUMNS.has(column) ? phoneCell(text) : neutraliseCell(text, 'text')
  })
}

/** An XLSX cell as write-excel-file takes it. */
export type XlsxCell =
  { value: string } | { value: number } | { value: Date; type: DateConstructor; format: string }

const NUMBER_COLUMNS = new Set<ExtractionColumn>(['callCount', 'step', 'id'])
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy hh:mm'

/**
 * A row as the XLSX writes it (issue #31): dates as real dates (Paris wall clock, sortable and
 * filterable as dates), counts as numbers, text as text. A string cell is never a formula in XLSX, so
 * text keeps its first character: no apostrophe, which a spreadsheet would show.
 */
export function xlsxRowCells(row: ExtractionRow, columns: readonly ExtractionColumn[]): XlsxCell[] {
  return columns.map((column, index) => {
    const value = row[index + 1] ?? null
    if (value === null || value === undefined || value === '') return { value: '' }
    if (DATE_COLUMNS.has(column))
      return { value: parisWallClock(Number(value)), type: Date, format: XLSX_DATE_FORMAT }
    if (NUMBER_COLUMNS.has(column)) return { value: Number(value) }
    const text = textOf(column, value)
    if (!PHONE_COLUMNS.has(column)) return { value: text }
    const phone = phoneCell(text)
    return { value: phone === `'${text}` ? text : phone }
  })
}
