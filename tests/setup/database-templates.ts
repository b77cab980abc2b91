// Vitest global setup of the server projects: the migrated database every test file starts from,
// made once per run instead of once per file (migrating an empty PGlite costs about 2.5 s; loading a
// migrated dump, about 0.4 s). The server project gets a PGlite dump file; the PostgreSQL project a
// template database that each file's scratch database is copied from (tests/setup/scratch-database.ts).
// Both are named after a hash of the committed migrations, so a new migration makes a new one.
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { PgBoss, fromPglite } from 'pg-boss'
import { openDatabase, type Database } from '../../server/db/client.ts'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges
  export interface ProvidedContext {
    /** The PGlite dump file (the server project). */
    pgliteTemplate: string
    /** The template database's name (the server-pg project). */
    pgTemplate: string
  }
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations')
/** Serialises template creation between runs sharing one PostgreSQL (advisory lock key). */
const TEMPLATE_LOCK = 727275

function migrationsHash(): string {
  const hash = createHash('sha256')
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) walk(full)
      else hash.update(entry.name).update(readFileSync(full))
    }
  }
  walk(MIGRATIONS)
  // The job engine's own schema is in the template too: its version is part of the name.
  hash.update(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/pg-boss/package.json')))
  return hash.digest('hex').slice(0, 16)
}

/**
 * Installs pg-boss's schema (server/plugins/jobs.ts creates it at start otherwise: about a second per
 * test file on PGlite). Starting the engine on a database that has it only checks its version.
 */
async function installJobSchema(database: Database): Promise<void> {
  const quiet = { schema: 'pgboss', supervise: false, schedule: false } as const
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ ...quiet, db: fromPglite(database.pglite!), backend: 'pglite' })
      : new PgBoss({ ...quiet, connectionString: database.connectionString!, max: 1 })
  await boss.start()
  await boss.stop({ graceful: false, close: true })
}

async function pgliteTemplate(hash: string): Promise<string> {
  const folder = path.join(tmpdir(), 'centre-appels-test-templates')
  const file = path.join(folder, `pglite-${hash}.tar`)
  if (existsSync(file)) return file
  mkdirSync(folder, { recursive: true })
  const database = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' })
  try {
    await installJobSchema(database)
    const dump = await database.pglite!.dumpDataDir('none')
    // Written aside then renamed: a concurrent run never reads half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  } finally {
    await database.close()
  }
  return file
}

async function pgTemplate(baseUrl: string, hash: string): Promise<string> {
  const name = `tpl_centre_${hash}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      // Built under another name and renamed once migrated: the template's name means "ready".
      const building = `tplbuild_${randomBytes(6).toString('hex')}`
      await admin.query(`create database "${building}"`)
      const url = new URL(baseUrl)
      url.pathname = `/${building}`
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' })
      await installJobSchema(database)
      await database.close()
      await admin.query(`alter database "${building}" rename to "${name}"`)
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
    await admin.end()
  }
  return name
}

export default async function setup(project: TestProject) {
  const hash = migrationsHash()
  const baseUrl = project.config.env?.TEST_DATABASE_URL
  if (baseUrl) project.provide('pgTemplate', await pgTemplate(baseUrl, hash))
  else project.provide('pgliteTemplate', await pgliteTemplate(hash))
}
