// Issue #28 point 7: the server project's test files of one worker reuse its PGlite databases
// (tests/setup/reused-pglite.ts). A database comes back exactly as the migrated dump was, or not at all.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { giveBackPgliteDatabase, takePgliteDatabase } from '../../tests/setup/reused-pglite.ts'
import { insertUser } from '../../tests/factories/users.ts'
import { rowsOf } from './client.ts'

describe('a test database handed to the next file', () => {
  it('comes back with no rows, its sequences restarted, its session settings reset', async () => {
    const database = await takePgliteDatabase()
    const first = await insertUser(database.db, {})
    await database.db.execute(sql`set statement_timeout = 1234`)
    await giveBackPgliteDatabase(database)

    const next = await takePgliteDatabase()
    try {
      expect(next).toBe(database)
      const [users] = rowsOf<{ count: number }>(
        await next.db.execute(sql`select count(*)::int as count from users`),
      )
      expect(users).toEqual({ count: 0 })
      const [version] = rowsOf<{ count: number }>(
        await next.db.execute(sql`select count(*)::int as count from pgboss.version`),
      )
      expect(version).toEqual({ count: 1 })
      const [setting] = rowsOf<{ statement_timeout: string }>(
        await next.db.execute(sql`show statement_timeout`),
      )
      expect(setting).toEqual({ statement_timeout: '0' })
      // The same id again: the sequence is where the dump had it.
      expect((await insertUser(next.db, {})).id).toBe(first.id)
    } finally {
      await giveBackPgliteDatabase(next)
    }
  })

  it('is closed, not handed on, when its schema changed or a transaction was left open', async () => {
    const changed = await takePgliteDatabase()
    await changed.db.execute(sql`create table left_behind (id int)`)
    await giveBackPgliteDatabase(changed)
    const open = await takePgliteDatabase()
    expect(open).not.toBe(changed)
    await open.pglite!.exec('begin')
    await giveBackPgliteDatabase(open)

    const next = await takePgliteDatabase()
    try {
      expect(next).not.toBe(changed)
      expect(next).not.toBe(open)
      const tables = rowsOf<{ count: number }>(
        await next.db.execute(sql`select count(*)::int as count from pg_class where relname = 'left_behind'`),
      )
      expect(tables).toEqual([{ count: 0 }])
    } finally {
      await giveBackPgliteDatabase(next)
    }
  })
})
