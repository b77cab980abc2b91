// Duplicates of an imported row (issue #13 "Duplicates"; docs/domain.md "Lead import"): the same
// normalised phone as an open lead of the import's mission, or as an earlier row of the file.
import { sql } from 'drizzle-orm'
import type { LeadStatus } from '../../../src/contracts/lead-statuses.ts'
import { rowsOf } from '../../db/client.ts'
import type { Tx } from '../audit/trail.ts'
import { markets } from '../../db/schema.ts'
import type { ImportRow } from './store.ts'

/** Open: still to be worked (the statuses the hand-out serves, server/domain/leads/pick-rule.ts). */
export const OPEN_LEAD_STATUSES: readonly LeadStatus[] = ['NEW', 'IN_PROGRESS', 'RECALL', 'UNREACHABLE']

/** Phones looked up per query (PGlite answers one query at a time: keep each short). */
export const PHONE_LOOKUP_BATCH = 1000

/** phone → the oldest open lead of the mission with that phone, for the given phones. */
export async function openLeadsByPhone(
  tx: Tx,
  missionId: number,
  phones: string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  const unique = [...new Set(phones)]
  for (let start = 0; start < unique.length; start += PHONE_LOOKUP_BATCH) {
    const chunk = unique.slice(start, start + PHONE_LOOKUP_BATCH)
    const result = await tx.execute(sql`
      select l.phone, min(l.id) as id
      from leads l join ${markets} m on m.id = l.market_id
      where m.mission_id = ${missionId}
        and l.status in (${sql.join(
          OPEN_LEAD_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        and l.phone = any(${`{${chunk.join(',')}}`}::text[])
      group by l.phone`)
    for (const row of rowsOf<{ phone: string; id: number }>(result)) found.set(row.phone, Number(row.id))
  }
  return found
}

export type Lookup = (phones: string[]) => Promise<Map<string, number>>

export function lookupFor(tx: Tx, row: ImportRow): Lookup {
  return (phones) => openLeadsByPhone(tx, row.missionId!, phones)
}
