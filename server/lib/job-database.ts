// A Drizzle transaction as pg-boss's database (issue #13): a job sent inside the transaction commits
// or rolls back with it. Used by server/plugins/jobs.ts and the crons' schedules (server/domain/crons).
import type { Db as IDatabase } from 'pg-boss'
import type { Db } from '../db/client.ts'

/**
 * pg-boss's database interface over the connection of a Drizzle transaction (node-postgres' client or
 * PGlite's transaction: both answer `query(text, values)` with `{ rows }`).
 */
export function jobDatabaseOf(tx: Db): IDatabase {
  const client = (tx as unknown as { session: { client: { query: IDatabase['executeSql'] } } }).session.client
  return { executeSql: (text, values) => client.query(text, values) }
}
