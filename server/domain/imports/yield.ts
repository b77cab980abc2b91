// Long file passes (analysis, import) give the event loop back between chunks, so requests (agents'
// `GET /api/user/me`, the hand-out) are served while a 100,000-row file is read (issue #13 benchmark).
// An import also yields to agents' requests (issue #30 point 4): while some run, on this process or
// (PostgreSQL) on any process of the database, it slows down to its floor pace, never below.
import { performance } from 'node:perf_hooks'
import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { REQUEST_APPLICATION_NAME, rowsOf, type Database } from '../../db/client.ts'

export function yieldToEventLoop(): Promise<void> {
  return setImmediate()
}

/**
 * Rows per second an import keeps while agents work: issue #13's targets (5,000 and 2,000) with a
 * margin for the run's start and end, not more (each row beyond costs the agents CPU).
 */
export const FLOOR_PACE = { postgres: 5_500, pglite: 2_500 } as const
/** A pause is at most this long, so a cancel or a process closing is seen soon. */
const MAX_PAUSE_MS = 200

/**
 * Whether agents' requests are running: this process's (`inFlight`), or on PostgreSQL, a statement
 * of any process's request pools on this database (active, or a transaction open).
 */
export function requestsRunning(database: Database, inFlight: () => number): () => Promise<boolean> {
  return async () => {
    if (inFlight() > 0) return true
    if (database.kind !== 'postgres') return false
    const result = await database.background.execute(sql`
      select exists (
        select 1 from pg_stat_activity
        where datname = current_database() and application_name = ${REQUEST_APPLICATION_NAME}
          and state in ('active', 'idle in transaction')
      ) as busy`)
    return rowsOf<{ busy: boolean }>(result)[0]?.busy === true
  }
}

/**
 * Called after each batch with its row count: when the import is ahead of `rowsPerS` (counted from
 * its first batch) and `busy()` says agents are working, pauses until it is back at that pace.
 */
export function createPacer(
  rowsPerS: number,
  busy: () => Promise<boolean>,
  clock: { now: () => number; sleep: (ms: number) => Promise<unknown> } = {
    now: () => performance.now(),
    sleep,
  },
) {
  const started = clock.now()
  let rows = 0
  return async (batchRows: number): Promise<void> => {
    rows += batchRows
    for (;;) {
      const ahead = (rows / rowsPerS) * 1000 - (clock.now() - started)
      if (ahead <= 1 || !(await busy())) return
      await clock.sleep(Math.min(ahead, MAX_PAUSE_MS))
    }
  }
}
