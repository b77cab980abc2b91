// Which index each lead-search statement uses (issue #11): the statements the search of one input
// really sends (server/domain/leads/search.ts, captured through Drizzle's logger), replayed under
// EXPLAIN on the benchmark's database once its server has stopped, for the manager (every lead).
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { eq } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { Logger } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '../server/db/client.ts'
import * as schema from '../server/db/schema.ts'
import { searchLeads } from '../server/domain/leads/search.ts'

type Statement = { sql: string; params: unknown[] }
type Explain = (statement: Statement) => Promise<string[]>

/** Index names a plan reads (`Index Scan using x`, `Bitmap Index Scan on x`, `Index Only Scan using x`). */
function indexesOf(plan: string[]): string[] {
  const names = new Set<string>()
  for (const line of plan) {
    const match = /(?:Index Scan|Index Only Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/.exec(
      line,
    )
    if (match) names.add(match[1] ?? match[2]!)
  }
  return [...names]
}

function scanKinds(plan: string[]): string[] {
  return plan.filter((line) => /Seq Scan on leads/.test(line)).map(() => 'Seq Scan on leads')
}

async function withCapturingDb<T>(
  open: (logger: Logger) => Promise<{ db: Db; explain: Explain; close: () => Promise<void> }>,
  run: (db: Db, captured: Statement[], explain: Explain) => Promise<T>,
): Promise<T> {
  const captured: Statement[] = []
  const logger: Logger = { logQuery: (query, params) => captured.push({ sql: query, params }) }
  const { db, explain, close } = await open(logger)
  try {
    return await run(db, captured, explain)
  } finally {
    await close()
  }
}

function openerFor(target: { databaseUrl?: string; dataDir?: string }) {
  return async (logger: Logger) => {
    if (target.databaseUrl) {
      const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 1 })
      const db = drizzleNodePg(pool, { schema, logger }) as unknown as Db
      const explain: Explain = async ({ sql, params }) => {
        const client = await pool.connect()
        try {
          await client.query('begin')
          await client.query(`select set_config('pg_trgm.word_similarity_threshold', '0.45', true)`)
          const res = await client.query(`explain ${sql}`, params)
          return res.rows.map((row: Record<string, string>) => row['QUERY PLAN']!)
        } finally {
          await client.query('rollback')
          client.release()
        }
      }
      return { db, explain, close: () => pool.end() }
    }
    const client = new PGlite({ dataDir: target.dataDir, extensions: { unaccent, pg_trgm } })
    await client.waitReady
    const db = drizzlePglite(client, { schema, logger }) as unknown as Db
    const explain: Explain = async ({ sql, params }) =>
      client.transaction(async (tx) => {
        await tx.query(`select set_config('pg_trgm.word_similarity_threshold', '0.45', true)`)
        const res = await tx.query<Record<string, string>>(`explain ${sql}`, params)
        return res.rows.map((row) => row['QUERY PLAN']!)
      })
    return { db, explain, close: () => client.close() }
  }
}

/**
 * For each labelled input, the indexes used by each statement its search sends (the final fetch of
 * the page's leads by id aside), as one line per input.
 */
export async function explainSearches(
  target: { label: string; databaseUrl?: string; dataDir?: string },
  inputs: readonly { label: string; search: string }[],
  managerEmail: string,
): Promise<void> {
  console.log(`\n## lead search plans on ${target.label} (manager, EXPLAIN of each statement sent)`)
  await withCapturingDb(openerFor(target), async (db, captured, explain) => {
    const [manager] = await db.select().from(schema.users).where(eq(schema.users.email, managerEmail))
    if (!manager) throw new Error(`no user ${managerEmail}`)
    for (const { label, search } of inputs) {
      captured.length = 0
      const result = await searchLeads(db, { user: manager, search, page: 1, limit: 20 })
      const used: string[] = []
      for (const statement of captured) {
        if (!/\bfrom "leads"|from leads/i.test(statement.sql) || /set_config/.test(statement.sql)) continue
        // The page's rows by id (server/domain/leads/search-rows.ts) are not the search.
        if (/\bl\.id = any\(/.test(statement.sql)) continue
        const plan = await explain(statement)
        used.push(...indexesOf(plan), ...scanKinds(plan))
      }
      const distinct = [...new Set(used)].filter(
        (name) => (name.startsWith('leads_') && name !== 'leads_pkey') || name.startsWith('Seq'),
      )
      console.log(
        `  ${label.padEnd(30)} "${search}" → ${result.total}${result.totalCapped ? '+' : ''} match(es)` +
          `${result.approximate ? ' (approximate)' : ''}: ${distinct.join(', ') || 'leads_pkey only'}`,
      )
    }
  })
}
