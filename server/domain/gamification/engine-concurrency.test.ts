// @both-databases: awards under concurrent connections.
// Issue #14 review: two simultaneous events of one user each count in the tentacall series, also when
// the user has no series row yet (nothing to lock then). The interleaving test needs a real
// PostgreSQL (PGlite runs one transaction at a time); the concurrent events run on both.
import { describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { insertCall } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { userTentacalls, users } from '../../db/schema.ts'
import { advanceTentacalls, recordEvent } from './engine.ts'
import { parisDay } from '../../../src/contracts/paris-calendar.ts'
import { answeredStreak } from './tentacalls/answered-streak.ts'
import type { GamificationEvent } from './types.ts'

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const t = signedInServer({ users: { teleop: {} }, signIn: false })

async function streakOf(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(userTentacalls)
    .where(and(eq(userTentacalls.userId, userId), eq(userTentacalls.code, answeredStreak.id)))
  return row
}

/** Resolves once another session of this database waits for a lock (pg_stat_activity). */
async function someoneWaitsForALock(db: Db) {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    )
    if (row && row.n > 0) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('the second transaction never waited for the first one')
}

describe('tentacall series under simultaneous events', () => {
  it.skipIf(!onPostgres)(
    'a first event waiting on another’s uncommitted first row counts after it (no lost count)',
    async () => {
      const { db } = t.database
      const userId = t.users.teleop.id
      const day = parisDay(new Date())
      const answered = (callId: number): GamificationEvent => ({
        kind: 'call-answered',
        userId,
        callId,
        startedAt: new Date(),
      })
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      let firstAdvanced!: () => void
      const advanced = new Promise<void>((resolve) => (firstAdvanced = resolve))
      // The first transaction counts, then stays open; the second starts meanwhile (neither has a row
      // to lock when it reads), then the first commits.
      const first = db.transaction(async (tx) => {
        await advanceTentacalls(tx as unknown as Db, answered(1), day)
        firstAdvanced()
        await gate
      })
      await advanced
      const second = db.transaction((tx) => advanceTentacalls(tx as unknown as Db, answered(2), day))
      await someoneWaitsForALock(db)
      release()
      await Promise.all([first, second])
      expect(await streakOf(db, userId)).toMatchObject({ current: 2, record: 2 })
    },
  )

  it('eight first answered calls at once: each counts once, in experience and in the series', async () => {
    const { db } = t.database
    const userId = t.users.teleop.id
    const startedAt = new Date(Date.now() - 60_000)
    const callIds: number[] = []
    for (let i = 0; i < 8; i++)
      callIds.push((await insertCall(db, { userId, startedAt, answeredAt: startedAt })).id)
    const results = await Promise.all(
      callIds.map((callId) =>
        db.transaction((tx) =>
          recordEvent(tx as unknown as Db, { kind: 'call-answered', userId, callId, startedAt }),
        ),
      ),
    )
    expect(results.every((result) => result !== null)).toBe(true)
    expect(await streakOf(db, userId)).toMatchObject({ current: 8, record: 8 })
    const [user] = await db.select().from(users).where(eq(users.id, userId))
    expect(user!.experiencePoints).toBe(16)
    // Reaching 5 awarded the tentacall once, to exactly one of the events.
    expect(results.flatMap((result) => result!.tentacalls)).toEqual([answeredStreak.id])
  })
})
