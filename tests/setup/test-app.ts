// Server test harness: the real app on an in-memory PGlite, or on PostgreSQL in a schema of its own
// when TEST_DATABASE_URL is set. One database per test file; reset() empties it between tests.
import type { FastifyInstance } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, inject } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts'
import { giveBackPgliteDatabase, takePgliteDatabase } from './reused-pglite.ts'
import { buildApp, type BuildOptions } from '../../server/app.ts'
import { loadConfig, type AppConfig } from '../../server/config.ts'
import { openDatabase, rowsOf, type Database } from '../../server/db/client.ts'

export type TestApp = {
  app: FastifyInstance
  database: Database
  reset: () => Promise<void>
  close: () => Promise<void>
}

const RESET_TABLES = [
  'users',
  'audit_entries',
  'user_preferences',
  'avatars',
  'teams',
  'team_members',
  'configuration',
  'call_processes',
  'call_process_steps',
  'call_process_tags',
  'tags',
  'missions',
  'mission_users',
  'mission_teams',
  'markets',
  'leads',
  'sessions',
  'password_reset_tokens',
  'rate_limit_hits',
  'mail_outbox',
  'mail_templates',
  'mail_log',
  'calls',
  'lead_tags',
  'lead_events',
  'webhook_events',
  'sms_templates',
  'sms_messages',
  'sms_opt_outs',
  'appointments',
  'push_subscriptions',
  'user_awards',
  'xp_ledger',
  'user_badges',
  'user_tentacalls',
  'daily_activity',
  'display_links',
  'user_activity_events',
  'import_mappings',
  'imports',
  'import_rejections',
  'aircall_webhook_tokens',
]

/**
 * What `truncate RESET_TABLES restart identity cascade` does, as one cheap statement: a delete from
 * each of those tables and every table that references them (the cascade), with foreign keys and
 * triggers off for the transaction (`session_replication_role = replica`), then their sequences
 * restarted. A truncate makes new files for 40-odd tables: about 10 times dearer than deleting the
 * few rows a test leaves, on PGlite above all, and tests reset before each test (issue #28).
 */
async function emptyingStatement(database: Database): Promise<SQL> {
  const names = RESET_TABLES.map((table) => `'${table}'`).join(', ')
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql.raw(`with recursive emptied(oid) as (
        select oid from pg_class where relnamespace = 'public'::regnamespace and relname in (${names})
        union
        select c.conrelid from pg_constraint c join emptied e on c.confrelid = e.oid where c.contype = 'f'
      )
      select quote_ident(relname) as name from pg_class where oid in (select oid from emptied)`),
    ),
  )
  const sequences = rowsOf<{ name: string }>(
    await database.db.execute(
      sql.raw(`select quote_literal(s.oid::regclass::text) as name
      from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
      join pg_class t on t.oid = d.refobjid
      where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace
        and quote_ident(t.relname) in (${tables.map(({ name }) => `'${name.replaceAll("'", "''")}'`).join(', ')})`),
    ),
  )
  return sql.raw(`do $reset$ begin
    set local session_replication_role = replica;
    ${tables.map(({ name }) => `delete from ${name};`).join('\n    ')}
    ${sequences.map(({ name }) => `perform setval(${name}, 1, false);`).join('\n    ')}
  end $reset$`)
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    // Issue #15: no scheduled job fires by itself in a test (server/domain/crons/crons.test.ts turns
    // them on where it needs them).
    {
      APP_ENV: 'develop',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      CRONS_ENABLED: 'false',
    },
    { clientDir: undefined, ...overrides },
  )
}

/**
 * On PostgreSQL each test file gets a database of its own (created from TEST_DATABASE_URL), a copy of
 * the run's migrated template (tests/setup/database-templates.ts).
 */
export function createPgTestDatabase(baseUrl: string): Promise<ScratchDatabase> {
  return createScratchDatabase(baseUrl, 't', inject('pgTemplate'))
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL || undefined
  if (!baseUrl) {
    // The run's migrated dump (tests/setup/database-templates.ts): no migration per file, and the
    // worker's earlier files' database put back to it rather than a new one (tests/setup/reused-pglite.ts).
    const database = await takePgliteDatabase()
    return { database, drop: () => giveBackPgliteDatabase(database) }
  }
  const pgDb = await createPgTestDatabase(baseUrl)
  const database = await openDatabase({ databaseUrl: pgDb.url, dataDir: 'memory://' })
  return {
    database,
    drop: async () => {
      await database.close()
      await pgDb.drop()
    },
  }
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'push' | 'logStream'> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase()
  // Logs only for a test that reads them (give `logStream` and a `logLevel` override).
  const logger = options.logStream !== undefined
  const app = await buildApp({ config: testConfig(overrides), database, logger, ...options })
  await app.ready()
  let resetStatement: SQL | undefined
  return {
    app,
    database,
    reset: async () => {
      resetStatement ??= await emptyingStatement(database)
      await database.db.execute(resetStatement)
      // The data changed behind the app's back: drop what its processes cached.
      await app.bus.publish('reset', {})
    },
    close: async () => {
      await app.close()
      await drop()
    },
  }
}

/**
 * Several app instances ("server processes") on one throw-away PostgreSQL database, closed and
 * dropped after the suite. Call inside a describe; `start({ listen: true })` for socket tests.
 */
export function serverProcessesOnOneDatabase() {
  let pgDb: ScratchDatabase
  const started: { app: FastifyInstance; database: Database }[] = []
  beforeAll(async () => {
    pgDb = await createPgTestDatabase(process.env.TEST_DATABASE_URL!)
  })
  afterAll(async () => {
    for (const { app, database } of started) {
      await app.close()
      await database.close()
    }
    await pgDb.drop()
  })
  return async function start({
    listen = false,
    config = {},
  }: { listen?: boolean; config?: Partial<AppConfig> } = {}) {
    const database = await openDatabase({ databaseUrl: pgDb.url, dataDir: 'memory://' })
    const app = await buildApp({ config: testConfig(config), database, logger: false })
    if (listen) await app.listen({ port: 0, host: '127.0.0.1' })
    else await app.ready()
    started.push({ app, database })
    return { app, database }
  }
}
