// The import history (issue #13 "History", GET /api/imports): every import, newest first, filtered by
// state, mission and file name (accents and case ignored), a page at a time.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { ImportHistoryPage, ImportHistoryQuery } from '../../../src/contracts/imports.ts'
import type { Db } from '../../db/client.ts'
import { imports } from '../../db/schema.ts'
import { summariesOf } from './store.ts'

/** `%` and `_` of the user's text match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export async function listImports(db: Db, query: ImportHistoryQuery): Promise<ImportHistoryPage> {
  const conditions: SQL[] = []
  if (query.state) conditions.push(eq(imports.state, query.state))
  if (query.missionId) conditions.push(eq(imports.missionId, query.missionId))
  if (query.search)
    conditions.push(sql`app_fold(${imports.fileName}) like app_fold(${containsPattern(query.search)})`)
  const where = conditions.length ? and(...conditions) : undefined
  const { page, pageSize } = query
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(imports)
      .where(where)
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(imports).where(where),
  ])
  return { items: await summariesOf(db, rows), total: total?.value ?? 0, page, pageSize }
}
