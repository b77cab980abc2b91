// The server project's PGlite databases, reused by the files of one Vitest worker (issue #28 point 7).
// Opening one from the run's migrated dump costs 1-2.5 s (the WebAssembly Postgres starting and the
// dump unpacked), which was most of a small test file's time: some 150 files paid it. A file's
// database is put back to the dump's state when the file is done and handed to the worker's next
// file; a database that cannot be (a transaction left open, a table, index, trigger or function added
// or removed) is closed instead, so a file never sees another's leftovers.
import { openAsBlob } from 'node:fs'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client.ts'

type PGliteClient = NonNullable<Database['pglite']>

/** What the dump looked like: the statement that puts it back, and its schema's fingerprint. */
type Template = { restore: string; fingerprint: string }

const SCHEMAS = `('public', 'pgboss')`

/** Tables, columns, indexes, sequences, triggers and functions of the application's schemas. */
const FINGERPRINT = `select md5(string_agg(n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts,
    ',' order by n.nspname, c.relname))
  || ':' || (select count(*) from pg_trigger) || ':' || (select count(*) from pg_proc) as fingerprint
  from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${SCHEMAS}`

const idle: Database[] = []
/** The databases this module opened and a file holds now. */
const taken = new WeakSet<Database>()
/** Read once per worker, on its first database (every database opens from the same dump). */
let template: Promise<Template> | undefined

async function fingerprintOf(client: PGliteClient): Promise<string> {
  return (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint
}

/**
 * Read on a database just opened from the dump: every table emptied (foreign keys and triggers off
 * for the statement), the few rows the dump holds (the job engine's version and instance) written
 * back, every sequence restarted where the dump had it.
 */
async function templateOf(client: PGliteClient): Promise<Template> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname in ${SCHEMAS} order by 1`,
    )
  ).rows
  const statements = ['set local session_replication_role = replica;']
  for (const { name } of tables) statements.push(`delete from ${name};`)
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${name} t`,
    )
    const json = rows[0]!.rows
    if (json === null) continue
    if (json.includes('$rows$')) throw new Error(`reused-pglite: ${name} holds a dollar quote`)
    statements.push(
      `insert into ${name} select * from json_populate_recordset(null::${name}, $rows$${json}$rows$);`,
    )
  }
  const sequences = (
    await client.query<{ statement: string }>(
      `select format('perform setval(%L, %s, %s);', format('%I.%I', schemaname, sequencename),
         coalesce(last_value, start_value), (last_value is not null)::text) as statement
       from pg_sequences where schemaname in ${SCHEMAS}`,
    )
  ).rows
  for (const { statement } of sequences) statements.push(statement)
  return {
    restore: `do $restore$ begin\n${statements.join('\n')}\nend $restore$`,
    fingerprint: await fingerprintOf(client),
  }
}

/** A database at the dump's state: one the worker's earlier files left, or a new one. */
export async function takePgliteDatabase(): Promise<Database> {
  const reused = idle.pop()
  const database =
    reused ??
    (await openDatabase({
      databaseUrl: undefined,
      dataDir: 'memory://',
      snapshot: await openAsBlob(inject('pgliteTemplate')),
    }))
  template ??= templateOf(database.pglite!)
  await template
  taken.add(database)
  return database
}

/** Puts the database back to the dump's state for the worker's next file, or closes it. */
export async function giveBackPgliteDatabase(database: Database): Promise<void> {
  // Given back once: a second call (or a database this module did not open) does nothing.
  if (!taken.delete(database)) return
  const { restore, fingerprint } = await template!
  try {
    const client = database.pglite!
    // A file that left a transaction open gets its database closed.
    if (client.isInTransaction()) throw new Error('a transaction is open')
    // Session state (settings, advisory locks, LISTEN, temporary tables) goes with the file. The named
    // prepared statements stay: the schema they were prepared on is the same (checked below), and
    // server/db/client.ts remembers them per database.
    await client.exec('reset all; unlisten *; select pg_advisory_unlock_all(); discard temp')
    await client.exec(restore)
    if ((await fingerprintOf(client)) !== fingerprint) throw new Error('the schema changed')
    database.timings?.clear()
    idle.push(database)
  } catch {
    // Already closed by its file, or not restorable: a new one is opened for the next file.
    await database.close().catch(() => undefined)
  }
}
