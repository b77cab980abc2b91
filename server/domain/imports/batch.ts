// One batch of the import job (issue #13; docs/architecture.md "Lead import"): up to 500 rows written
// in ONE transaction with the import's checkpoint, so a crash loses at most the batch in flight and a
// resume starts after the last committed line. The leads' unique (import_id, import_line) makes a
// second write of a line impossible; the checkpoint only advances from the line this runner read, so
// a second runner of the same import (a job retried while the first still ran) rolls back instead.
import { and, eq, sql } from 'drizzle-orm'
import type { ImportColumnMapping, ImportRowError } from '../../../src/contracts/imports.ts'
import type { Db } from '../../db/client.ts'
import { importRejections, imports, leads } from '../../db/schema.ts'
import type { Tx } from '../audit/trail.ts'
import { openLeadsByPhone } from './duplicates.ts'
import type { ImportRow } from './store.ts'
import { validateImportRow, type ImportedLead, type ImportRowContext } from './validate-row.ts'
import { yieldToEventLoop } from './yield.ts'
import { insertLeadRows } from './insert.ts'

/**
 * How a batch is cut. PostgreSQL: 500 rows, one insert. PGlite runs each statement synchronously on
 * the server's only thread, so a long statement stalls every request: smaller transactions (other
 * queries wait for the whole transaction), inserts of 50 rows with the event loop given back between
 * them (requests answered from caches, like GET /api/user/me, run there), and GIN's pending list
 * flushed in small steps (a 4 MB flush of the name-search index is a 300 ms statement).
 */
export type BatchTuning = {
  batchRows: number
  /** Rows per insert statement (the event loop is given back between two). */
  statementRows: number
  /** Rows validated before the event loop is given back. */
  validateRows: number
  /** PGlite: flush GIN pending lists in small steps. */
  smallGinFlushes: boolean
}

export function batchTuning(kind: 'pglite' | 'postgres'): BatchTuning {
  return kind === 'postgres'
    ? { batchRows: 500, statementRows: 500, validateRows: 100, smallGinFlushes: false }
    : { batchRows: 200, statementRows: 50, validateRows: 50, smallGinFlushes: true }
}

export type BatchRow = { line: number; cells: string[] }
export type BatchTotals = { rowsDone: number; totalRows: number; cancelRequested: boolean }

/** Another runner advanced the checkpoint first: this one's batch is rolled back and it stops. */
export class StaleRunError extends Error {
  override name = 'StaleRunError'
}

type Insert = typeof leads.$inferInsert
type Rejection = typeof importRejections.$inferInsert

/** NUL is refused by PostgreSQL text and jsonb; the rejected row keeps everything else. */
const stripNul = (cells: string[]) => cells.map((cell) => cell.replaceAll('\0', ''))

function phoneHeader(columns: ImportColumnMapping[]): string {
  return columns.find((column) => column.target === 'phone')?.header ?? 'Téléphone'
}

function toInsert(row: ImportRow, line: number, lead: ImportedLead): Insert {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    phone: lead.phone,
    secondaryPhone: lead.secondaryPhone,
    email: lead.email,
    address: lead.address,
    postalCode: lead.postalCode,
    city: lead.city,
    marketId: lead.marketId,
    integrationMonth: row.integrationMonth!,
    meetRequestDate: lead.meetRequestDate,
    status: 'NEW',
    comment: lead.comment,
    metadata: lead.metadata,
    importId: row.id,
    importLine: line,
  }
}

const FILLABLE = ['secondaryPhone', 'email', 'address', 'postalCode', 'city', 'comment'] as const

/** A later row of the same phone in this batch completes the pending lead's empty fields. */
function fillPending(target: Insert, lead: ImportedLead) {
  if (!target.firstName) target.firstName = lead.firstName
  if (!target.lastName) target.lastName = lead.lastName
  for (const field of FILLABLE) if (!target[field]) target[field] = lead[field]
  target.metadata = { ...lead.metadata, ...(target.metadata as Record<string, string>) }
}

/** An open lead already in the database: only its empty fields take the row's values. */
async function fillExisting(tx: Tx, leadId: number, lead: ImportedLead) {
  await tx.execute(sql`
    update leads set
      first_name = case when first_name = '' then ${lead.firstName} else first_name end,
      last_name = case when last_name = '' then ${lead.lastName} else last_name end,
      secondary_phone = coalesce(nullif(secondary_phone, ''), ${lead.secondaryPhone}),
      email = coalesce(nullif(email, ''), ${lead.email}),
      address = coalesce(nullif(address, ''), ${lead.address}),
      postal_code = coalesce(nullif(postal_code, ''), ${lead.postalCode}),
      city = coalesce(nullif(city, ''), ${lead.city}),
      comment = coalesce(nullif(comment, ''), ${lead.comment}),
      metadata = ${JSON.stringify(lead.metadata)}::jsonb || metadata,
      updated_at = now()
    where id = ${leadId}`)
}

function duplicateError(
  header: string,
  existingLeadId: number | null,
  firstLine: number | null,
): ImportRowError {
  const message =
    firstLine !== null
      ? `Doublon : même téléphone que la ligne ${firstLine} du fichier.`
      : `Doublon : même téléphone qu’un lead ouvert de la mission (lead n° ${existingLeadId}).`
  return { column: header, field: 'phone', message }
}

/** The batch's rows validated, `statementRows` at a time with the event loop given back between (PGlite). */
async function validateAll(
  batch: BatchRow[],
  row: ImportRow,
  context: ImportRowContext,
  tuning: BatchTuning,
) {
  const results = []
  for (const [index, { line, cells }] of batch.entries()) {
    results.push({ line, cells, result: validateImportRow(cells, row.columns, context) })
    if ((index + 1) % tuning.validateRows === 0) await yieldToEventLoop()
  }
  return results
}

export type ValidatedRow = BatchRow & { result: ReturnType<typeof validateImportRow> }

/** Validates and writes the batch, then advances the checkpoint from `fromLine` (one transaction). */
export async function writeBatch(
  db: Db,
  row: ImportRow,
  context: ImportRowContext,
  batch: BatchRow[],
  fromLine: number,
  tuning: BatchTuning = batchTuning('postgres'),
): Promise<BatchTotals> {
  return writeValidated(db, row, await validateAll(batch, row, context, tuning), fromLine, tuning)
}

/** Writes validated rows, then advances the checkpoint from `fromLine` (one transaction). */
export async function writeValidated(
  db: Db,
  row: ImportRow,
  results: ValidatedRow[],
  fromLine: number,
  tuning: BatchTuning,
): Promise<BatchTotals> {
  const policy = row.duplicatePolicy
  const header = phoneHeader(row.columns)
  return db.transaction(async (tx) => {
    const phones = results.flatMap(({ result }) => (result.ok ? [result.lead.phone] : []))
    const existing =
      policy === 'importAnyway'
        ? new Map<string, number>()
        : await openLeadsByPhone(tx, row.missionId!, phones)
    const inserts: Insert[] = []
    const pendingByPhone = new Map<string, { insert: Insert; line: number }>()
    const rejections: Rejection[] = []
    const updates: { leadId: number; lead: ImportedLead }[] = []
    let updated = 0
    for (const { line, cells, result } of results) {
      if (!result.ok) {
        rejections.push({
          importId: row.id,
          line,
          kind: 'rejected',
          cells: stripNul(cells),
          errors: result.errors,
        })
        continue
      }
      const { lead } = result
      const pending = pendingByPhone.get(lead.phone)
      const existingLeadId = existing.get(lead.phone) ?? null
      if (policy === 'importAnyway' || (!pending && existingLeadId === null)) {
        const insert = toInsert(row, line, lead)
        inserts.push(insert)
        if (!pending) pendingByPhone.set(lead.phone, { insert, line })
      } else if (policy === 'fillEmpty') {
        if (pending) fillPending(pending.insert, lead)
        else updates.push({ leadId: existingLeadId!, lead })
        updated++
      } else {
        const error = duplicateError(header, pending ? null : existingLeadId, pending?.line ?? null)
        rejections.push({
          importId: row.id,
          line,
          kind: 'duplicate',
          cells: stripNul(cells),
          errors: [error],
        })
      }
    }
    if (tuning.smallGinFlushes) await tx.execute(sql`set local gin_pending_list_limit = 64`)
    let written = 0
    for (let start = 0; start < inserts.length; start += tuning.statementRows) {
      const part = inserts.slice(start, start + tuning.statementRows)
      written += await insertLeadRows(tx, row.id, row.integrationMonth!, part)
      if (start + tuning.statementRows < inserts.length) await yieldToEventLoop()
    }
    for (const { leadId, lead } of updates) await fillExisting(tx, leadId, lead)
    if (rejections.length) await tx.insert(importRejections).values(rejections).onConflictDoNothing()
    const rejected = rejections.filter((rejection) => rejection.kind === 'rejected').length
    const [checkpoint] = await tx
      .update(imports)
      .set({
        lastLine: results.at(-1)!.line,
        rowsDone: sql`${imports.rowsDone} + ${results.length}`,
        importedCount: sql`${imports.importedCount} + ${written}`,
        updatedCount: sql`${imports.updatedCount} + ${updated}`,
        skippedCount: sql`${imports.skippedCount} + ${rejections.length - rejected}`,
        rejectedCount: sql`${imports.rejectedCount} + ${rejected}`,
      })
      .where(and(eq(imports.id, row.id), eq(imports.lastLine, fromLine), eq(imports.state, 'running')))
      .returning({
        rowsDone: imports.rowsDone,
        totalRows: imports.totalRows,
        cancel: imports.cancelRequested,
      })
    if (!checkpoint) throw new StaleRunError(`import ${row.id}: checkpoint moved past line ${fromLine}`)
    return {
      rowsDone: checkpoint.rowsDone,
      totalRows: checkpoint.totalRows,
      cancelRequested: checkpoint.cancel > 0,
    }
  })
}
