// The approximate fallback of a name search (docs/domain.md "Leads", Search): when no name starts
// with the words typed, the leads whose folded full name holds something close to every word
// (pg_trgm word similarity over leads_full_name_trgm_idx, migration 0011), closest first.
import { and, sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'
import { leads, markets } from '../../db/schema.ts'
import type { Page } from './search-pages.ts'

/**
 * The word similarity each word must reach. pg_trgm's default (0.6) misses one wrong letter in a
 * seven-letter name ("lefebre" → "Lefèvre" is 0.5); below 0.45 unrelated names that share an
 * initial and an ending start to come.
 */
export const APPROXIMATE_THRESHOLD = 0.45

/** Words shorter than this have too few trigrams to say anything (a single letter matches half the names). */
const MIN_WORD_LENGTH = 3

/** The indexed expression of leads_full_name_trgm_idx: the stored folded names. */
const FULL_NAME = sql`(${leads.firstNameFolded} || ' ' || ${leads.lastNameFolded})`

/** Whether a name search that found nothing is worth an approximate one. */
export function approximable(words: readonly string[]): boolean {
  return words.some((word) => [...word].length >= MIN_WORD_LENGTH)
}

/**
 * The leads whose folded full name has, for every word, an extent whose word similarity with the
 * folded word reaches APPROXIMATE_THRESHOLD; ordered by the sum of those similarities, then by name.
 * All matches are scored (there are a few hundred at most for a real name), and counted exactly.
 */
export async function approximatePage(
  db: Db,
  words: readonly string[],
  scope: SQL[],
  limit: number,
  offset: number,
): Promise<Page> {
  const close = words.map((word) => sql`${FULL_NAME} %> app_fold(${word})`)
  const score = sql.join(
    words.map((word) => sql`word_similarity(app_fold(${word}), ${FULL_NAME})`),
    sql` + `,
  )
  const query = sql`
    with found as materialized (
      select ${leads.id} as id, ${score} as score,
        ${leads.lastNameFolded} as last_name, ${leads.firstNameFolded} as first_name
      from ${leads} inner join ${markets} on ${markets.id} = ${leads.marketId}
      where ${and(...close, ...scope)}
    )
    select (select count(*) from found) as matches,
      (select array_agg(id order by n) from (
        select id, row_number() over (
          order by score desc, last_name using ~<~, first_name using ~<~, id) as n
        from found order by n limit ${limit} offset ${offset}) page) as ids`
  // The `%>` operator reads its threshold from a setting: set for this transaction only.
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(APPROXIMATE_THRESHOLD)}, true)`,
    )
    return rowsOf<{ matches: number | string; ids: (number | string)[] | null }>(await tx.execute(query))
  })
  return { ids: (row?.ids ?? []).map(Number), matches: Number(row?.matches ?? 0) }
}
