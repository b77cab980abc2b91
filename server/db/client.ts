// Database connection: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
// Both go through the same Drizzle schema and the same committed migrations.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { mkdirSync } from 'node:fs'
import { PGlite, parse as pgliteResults, protocol, types as pgliteTypes } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import { createQueryTimings, timeQueries, type QueryTimings } from '../lib/query-timings.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Raw pool for LISTEN/NOTIFY (PostgreSQL only). */
  pool: pg.Pool | undefined
  /** The embedded instance (PGlite only): the job engine shares its single connection. */
  pglite?: PGlite
  /** PostgreSQL only: the connection string, for the job engine's own small pool. */
  connectionString?: string
  /**
   * The imports' batches (issue #30 point 4): on PostgreSQL a pool of their own (2 connections, named
   * IMPORT_APPLICATION_NAME), so an import never takes the connections agents' requests wait for;
   * on PGlite the one connection (`db`).
   */
  background: Db
  /** Issue #15: this process's statement durations by shape (the monitor's slowest queries). */
  timings?: QueryTimings
  close: () => Promise<void>
}

/** PostgreSQL's application_name of the connections that serve requests, and of the imports' ones. */
export const REQUEST_APPLICATION_NAME = 'centre-appels'
export const IMPORT_APPLICATION_NAME = 'centre-appels-import'

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations')

type OpenOptions = {
  databaseUrl: string | undefined
  dataDir: string
  /** Errors of idle pooled connections (server restart, admin termination). */
  onPoolError?: (error: Error) => void
  /**
   * PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one;
   * the migrations not in it still run. The test suite opens each file's database from one
   * migrated dump (tests/setup/database-templates.ts).
   */
  snapshot?: Blob
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onPoolError)
  return openPglite(options.dataDir, options.snapshot)
}

async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true })
  // The contrib modules lead search needs (migration 0011: accent folding, trigram fallback).
  const client = new PGlite({
    dataDir: dataDir === 'memory://' ? undefined : dataDir,
    extensions: { unaccent, pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  // Timed from here on (the migrations are not the application's statements): the client and each
  // transaction it opens (Drizzle runs a transaction's statements on the transaction object).
  const timings = createQueryTimings()
  timeQueries(client, timings)
  embedded.set(db, { client, timings, statements: new Map() })
  const transaction = client.transaction.bind(client)
  client.transaction = ((callback: Parameters<typeof client.transaction>[0]) =>
    transaction((tx) => callback(timeQueries(tx, timings)))) as typeof client.transaction
  return {
    db,
    background: db,
    kind: 'pglite',
    pool: undefined,
    pglite: client,
    timings,
    close: () => client.close(),
  }
}

async function openPostgres(
  connectionString: string,
  onPoolError?: (error: Error) => void,
): Promise<Database> {
  // plan_cache_mode stays `auto` here: forcing generic plans would also reach the unnamed statements
  // of every Drizzle query, and a generic plan cannot use a prefix index for `like $1` (lead search
  // fell to sequential scans).
  // 15 + the 10 below + the imports' 2 + the job engine's 2 (it polls, no LISTEN) + the bus's LISTEN
  // one: 30 per process (docs/architecture.md "Database and migrations"). The request pools are named
  // REQUEST_APPLICATION_NAME: an import tells by it whether requests are running (imports/yield.ts).
  const named = { connectionString, application_name: REQUEST_APPLICATION_NAME }
  const pool = new pg.Pool({ ...named, max: 15 })
  // The hot named statements (executePrepared: the lead hand-out) run on connections of their own
  // that always use the generic plan: planning that statement costs more than running it (0.9 ms
  // against 0.4 ms), and `auto` keeps re-planning it since the generic estimate looks dearer.
  const hotPool = new pg.Pool({ ...named, max: 10, options: '-c plan_cache_mode=force_generic_plan' })
  // An import's batches commit without waiting for their WAL flush (issue #30 point 4): a batch and its
  // checkpoint are one transaction, so a database crash loses both and the resume writes them again.
  const importPool = new pg.Pool({
    connectionString,
    max: 2,
    application_name: IMPORT_APPLICATION_NAME,
    options: '-c synchronous_commit=off',
  })
  // An idle connection that dies (PostgreSQL restarted, connection terminated) must not crash the
  // process: pg drops it from the pool and the next query opens a new one.
  pool.on('error', (error) => onPoolError?.(error))
  hotPool.on('error', (error) => onPoolError?.(error))
  importPool.on('error', (error) => onPoolError?.(error))
  // Issue #15: every statement of both pools is timed by shape (server/lib/query-timings.ts).
  const timings = createQueryTimings()
  pool.on('connect', (client) => void timeQueries(client, timings))
  hotPool.on('connect', (client) => void timeQueries(client, timings))
  importPool.on('connect', (client) => void timeQueries(client, timings))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  hotPools.set(db, hotPool)
  // Several processes may start at once against one database: serialise migrations.
  const lock = await pool.connect()
  try {
    await lock.query('select pg_advisory_lock(727274)')
    await migratePg(db as never, { migrationsFolder })
  } finally {
    await lock.query('select pg_advisory_unlock(727274)')
    lock.release()
  }
  timings.clear()
  return {
    db,
    background: drizzlePg(importPool, { schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    connectionString,
    timings,
    close: async () => {
      await Promise.all([pool.end(), hotPool.end(), importPool.end()])
    },
  }
}

const dialect = new PgDialect()
/** The generic-plan pool of each PostgreSQL database (see openPostgres). */
const hotPools = new WeakMap<Db, pg.Pool>()

/** Each PGlite database's instance, its timings, and the named statements it has parsed. */
type Embedded = { client: PGlite; timings: QueryTimings; statements: Map<string, number[]> }
const embedded = new WeakMap<Db, Embedded>()

/**
 * Runs `query` as a named prepared statement with its generic plan, planned once per connection (hot
 * statements whose planning costs more than their execution: the lead hand-out, the rows of a
 * search page). Its plan must suit every value (no `like $1`). The name must always go with the same
 * SQL text (only the values change). On PostgreSQL, on the connections that always use the generic
 * plan; on PGlite, on its one connection, through the extended protocol (PGlite's `query` parses
 * and plans each statement anew). A transaction (not `db` itself) runs it as usual.
 */
export async function executePrepared<T>(db: Db, name: string | ShapeName, query: SQL): Promise<T[]> {
  const hotPool = hotPools.get(db)
  const pglite = embedded.get(db)
  if (!hotPool && !pglite) return rowsOf<T>(await db.execute(query))
  const { sql: text, params } = dialect.sqlToQuery(query)
  const named = typeof name === 'string' ? name : `${name.shapeOf}-${shapeHash(text)}`
  if (hotPool) return (await hotPool.query({ name: named, text, values: params })).rows as T[]
  return executeOnPglite<T>(pglite!, named, text, params)
}

/**
 * A statement whose text varies with its shape (a search's number of words, the reader's scope),
 * never with its values: each shape is prepared under `shapeOf` and a digest of its text. A handful
 * of shapes exist; each connection keeps the plans of those it ran.
 */
export type ShapeName = { shapeOf: string }

const shapeHashes = new Map<string, string>()

function shapeHash(text: string): string {
  let hash = shapeHashes.get(text)
  if (hash === undefined) {
    hash = createHash('sha1').update(text).digest('base64url').slice(0, 16)
    if (shapeHashes.size > 1_000) shapeHashes.clear()
    shapeHashes.set(text, hash)
  }
  return hash
}

const { serialize } = protocol
/** What Drizzle's PGlite driver reads as text for `db.execute` (its `rawQueryConfig`), so rows match. */
const TEXT_PARSED = [
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  pgliteTypes.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]
const PGLITE_ROWS = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(TEXT_PARSED.map((type) => [type, (value: string) => value])),
}
/** The generic plan for the one statement between (PGlite has one connection, so one setting). */
const GENERIC_PLAN = serialize.query('set plan_cache_mode = force_generic_plan')
const AUTO_PLAN = serialize.query('reset plan_cache_mode')

function messages(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/**
 * Parse (once, named), then bind, execute and sync in one call into PGlite, under the locks its own
 * `query` takes (so it never runs inside another caller's transaction). Parameters are serialised by
 * their described types, as `query` does; the generic plan is forced around the execution only.
 */
async function executeOnPglite<T>(
  { client, timings, statements }: Embedded,
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  await client._checkReady()
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const started = performance.now()
      let types = statements.get(name)
      if (!types) {
        const described = await client.execProtocolStream(
          messages([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        )
        types = pgliteResults.parseDescribeStatementResults(described)
        statements.set(name, types)
      }
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null
        const serializer = client.serializers[types[index]!]
        return serializer ? serializer(value) : String(value)
      })
      const replies = await client.execProtocolStream(
        messages([
          GENERIC_PLAN,
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
          AUTO_PLAN,
        ]),
        { syncToFs: false },
      )
      await client.syncToFs()
      timings.record(text, performance.now() - started)
      // The results of the SET, the statement, the RESET: the statement's rows.
      const [, result] = pgliteResults.parseResults(replies, client.parsers, PGLITE_ROWS)
      return (result?.rows ?? []) as T[]
    }),
  )
}

/** The rows of `db.execute` (node-postgres answers `{ rows }`, PGlite may answer the array). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}

/** A unique constraint refused the write (SQLSTATE 23505; Drizzle may wrap the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}
