// The leads of a batch in one statement (issue #13 benchmark): one array parameter per column,
// spread by `unnest`, instead of one parameter per cell. Building and sending 500 rows × 16 values
// through the query builder cost more of the server's thread than the database's work; the arrays
// cost a fraction of it (docs/architecture.md "Lead import"). A line already written is skipped
// (unique import_id + import_line).
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/client.ts'
import type { leads } from '../../db/schema.ts'
import type { Tx } from '../audit/trail.ts'

export type LeadInsert = typeof leads.$inferInsert

/** Inserts the rows (all of one import and month); returns how many were written. */
export async function insertLeadRows(
  tx: Tx,
  importId: number,
  integrationMonth: string,
  rows: LeadInsert[],
): Promise<number> {
  if (rows.length === 0) return 0
  const column = <T>(pick: (row: LeadInsert) => T) => sql.param(rows.map(pick))
  // Counted by the database: returning 500 ids only to count them cost the server's thread.
  const result = await tx.execute(sql`
    with written as (
      insert into leads (first_name, last_name, phone, secondary_phone, email, address, postal_code, city,
                         market_id, meet_request_date, comment, metadata, import_line, integration_month, import_id)
      select u.*, ${integrationMonth}, ${importId}::int
      from unnest(
        ${column((r) => r.firstName)}::text[], ${column((r) => r.lastName)}::text[],
        ${column((r) => r.phone)}::text[], ${column((r) => r.secondaryPhone ?? null)}::text[],
        ${column((r) => r.email ?? null)}::text[], ${column((r) => r.address ?? null)}::text[],
        ${column((r) => r.postalCode ?? null)}::text[], ${column((r) => r.city ?? null)}::text[],
        ${column((r) => r.marketId)}::int[], ${column((r) => (r.meetRequestDate as Date).toISOString())}::timestamptz[],
        ${column((r) => r.comment ?? null)}::text[], ${column((r) => JSON.stringify(r.metadata ?? {}))}::jsonb[],
        ${column((r) => r.importLine!)}::int[]
      ) as u
      on conflict do nothing
      returning 1
    )
    select count(*)::int as written from written`)
  return Number(rowsOf<{ written: number }>(result)[0]?.written ?? 0)
}
