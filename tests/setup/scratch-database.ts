// A throw-away PostgreSQL database created from a server URL and dropped by drop(): each test file
// (and each benchmark) gets one, so they run in parallel without seeing each other.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export type ScratchDatabase = { url: string; drop: () => Promise<void> }

/** `template`: a migrated database to copy (tests/setup/database-templates.ts), else an empty one. */
export async function createScratchDatabase(
  baseUrl: string,
  prefix = 't',
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`)
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
