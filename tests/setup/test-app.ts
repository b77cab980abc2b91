// Server test harness: the real app on an in-memory PGlite, or on PostgreSQL in a schema of its own
// when TEST_DATABASE_URL is set. One database per test file; reset() empties it between tests.
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../../server/app.ts'
import { loadConfig, type AppConfig } from '../../server/config.ts'
import { openDatabase, type Database } from '../../server/db/client.ts'

export type TestApp = {
  app: FastifyInstance
  database: Database
  reset: () => Promise<void>
  close: () => Promise<void>
}

const RESET_TABLES = [
  'users',
  'user_preferences',
  'avatars',
  'teams',
  'team_members',
  'configuration',
  'call_processes',
  'call_process_steps',
  'call_process_tags',
  'missions',
  'mission_users',
  'markets',
  'leads',
  'sessions',
  'password_reset_tokens',
  'rate_limit_hits',
  'mail_outbox',
  'calls',
  'lead_tags',
  'lead_events',
  'webhook_events',
]

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    { APP_ENV: 'develop', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    { clientDir: undefined, ...overrides },
  )
}

/**
 * On PostgreSQL each test file gets a database of its own (created from TEST_DATABASE_URL, dropped
 * at the end), so files run in parallel without seeing each other.
 */
export async function createPgTestDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  async function drop() {
    const client = new pg.Client({ connectionString: baseUrl })
    await client.connect()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  }
  return { url: url.toString(), drop }
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL || undefined
  if (!baseUrl) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
    return { database, drop: () => database.close() }
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

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase()
  const app = await buildApp({ config: testConfig(overrides), database, logger: false })
  await app.ready()
  return {
    app,
    database,
    reset: async () => {
      await database.db.execute(sql.raw(`truncate ${RESET_TABLES.join(', ')} restart identity cascade`))
      // The data changed behind the app's back: drop what its processes cached.
      await app.bus.publish('reset', {})
    },
    close: async () => {
      await app.close()
      await drop()
    },
  }
}
