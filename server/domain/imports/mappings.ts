// Named column mappings (issue #13 "Column mapping"; docs/domain.md "Lead import"): saved from an
// import's settings, matched to the next file by folded header (never by position), listed and deleted
// by administrators.
import { desc, eq, sql } from 'drizzle-orm'
import type { ImportColumnMapping, ImportLeadField, ImportMapping } from '../../../src/contracts/imports.ts'
import { foldHeader, suggestMapping } from '../../../src/contracts/import-headers.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { importMappings } from '../../db/schema.ts'
import { errors } from '../../lib/http-error.ts'
import type { Tx } from '../audit/trail.ts'

type MappingRow = typeof importMappings.$inferSelect

function toMapping(row: MappingRow): ImportMapping {
  return { id: row.id, name: row.name, columns: row.columns, updatedAt: row.updatedAt.toISOString() }
}

export async function listMappings(db: Db): Promise<ImportMapping[]> {
  const rows = await db
    .select()
    .from(importMappings)
    .orderBy(desc(importMappings.updatedAt), desc(importMappings.id))
  return rows.map(toMapping)
}

export async function deleteMapping(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(importMappings)
    .where(eq(importMappings.id, id))
    .returning({ id: importMappings.id })
  if (deleted.length === 0) throw errors.notFound('Correspondance de colonnes introuvable.')
}

/** Saves the columns under `name`, overwriting the mapping of the same folded name; returns its id. */
export async function saveMapping(
  tx: Tx,
  name: string,
  columns: ImportColumnMapping[],
  userId: number,
): Promise<number> {
  const json = JSON.stringify(columns)
  const result = await tx.execute(sql`
    insert into import_mappings (name, columns, created_by)
    values (${name}, ${json}::jsonb, ${userId})
    on conflict (app_fold(name)) do update
      set name = excluded.name, columns = excluded.columns, updated_at = now()
    returning id`)
  return rowsOf<{ id: number }>(result)[0]!.id
}

/**
 * The first mapping of a new file: the saved mapping that knows the most of its headers (each of the
 * mapping's used columns must be in the file; the most recent wins a tie), else the suggestion from
 * the headers alone. Headers the mapping does not know take the suggestion, or metadata when the
 * suggested field is already the mapping's.
 */
export async function initialColumns(
  db: Db,
  headers: string[],
): Promise<{ columns: ImportColumnMapping[]; mappingId: number | null }> {
  const suggested = suggestMapping(headers)
  const positions = new Map<string, number>()
  headers.forEach((header, index) => {
    const folded = foldHeader(header)
    if (folded !== '' && !positions.has(folded)) positions.set(folded, index)
  })
  const saved = await db
    .select()
    .from(importMappings)
    .orderBy(desc(importMappings.updatedAt), desc(importMappings.id))
  let best: { row: MappingRow; known: number } | null = null
  for (const row of saved) {
    const used = row.columns.filter((column) => column.target !== 'ignore')
    if (used.length === 0 || !used.every((column) => positions.has(foldHeader(column.header)))) continue
    if (!best || used.length > best.known) best = { row, known: used.length }
  }
  if (!best) return { columns: suggested, mappingId: null }
  const byHeader = new Map(best.row.columns.map((column) => [foldHeader(column.header), column.target]))
  const taken = new Set(best.row.columns.map((column) => column.target))
  const columns = suggested.map((column): ImportColumnMapping => {
    const known = byHeader.get(foldHeader(column.header))
    if (known) return { ...column, target: known }
    const field = column.target as ImportLeadField
    return taken.has(field) && column.target !== 'ignore' && column.target !== 'metadata'
      ? { ...column, target: 'metadata' }
      : column
  })
  return { columns, mappingId: best.row.id }
}
