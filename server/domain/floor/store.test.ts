// Issue #15 review: the simulated floor's shared row under writers at the same time (docs/decisions.md
// "Simulated floor"). Two floor engines on one app stand for two server processes. A stop asked while
// the owner beats is kept (the owner stops, the row goes); simultaneous starts give one floor and the
// French 409, never a key violation (real concurrency on PostgreSQL: the server-pg project).
import { describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { configuration } from '../../db/schema.ts'
import { HttpError } from '../../lib/http-error.ts'
import { createFloor } from './engine.ts'
import { emptyCounters } from './run.ts'
import { claimFloorRow, deleteFloorRow, readFloorRow, type Stored } from './store.ts'

const t = signedInServer({ users: { teleop: {} }, signIn: false })
const TAKEN = 'Une simulation tourne déjà sur un autre processus du serveur.'

function stored(owner: string): Stored {
  const now = new Date().toISOString()
  return {
    owner,
    startedAt: now,
    heartbeatAt: now,
    speed: 1,
    stopRequested: false,
    agents: [],
    counters: emptyCounters(),
  }
}

/**
 * Holds the owner's next write of the floor row (its heartbeat) until `before` has run: the worst
 * moment for a stop asked by another process. Other inserts go through.
 */
function holdNextHeartbeat(owner: string, before: () => Promise<void>) {
  const { db } = t.app.database
  const insert = db.insert.bind(db)
  let held = false
  const spy = vi.spyOn(db, 'insert').mockImplementation(((table: typeof configuration) => {
    const builder = insert(table)
    if (table !== configuration || held) return builder
    return deferred(builder, (values) => {
      const value = (values as { value?: { owner?: string } }).value
      if (value?.owner !== owner || held) return null
      held = true
      return before()
    })
  }) as typeof db.insert)
  return { held: () => held, restore: () => spy.mockRestore() }
}

/** The builder, whose execution waits for `gate(values)` when it answers a promise. */
function deferred<T extends object>(builder: T, gate: (values: unknown) => Promise<void> | null): T {
  let wait: Promise<void> | null = null
  const wrap = <U extends object>(target: U): U =>
    new Proxy(target, {
      get(object, key, receiver) {
        const member: unknown = Reflect.get(object, key, receiver)
        if (key === 'then' && typeof member === 'function')
          return (ok: (v: unknown) => unknown, ko: (e: unknown) => unknown) =>
            (wait ?? Promise.resolve()).then(() => (member as Promise<unknown>['then']).call(object, ok, ko))
        if (typeof member !== 'function') return member
        return (...args: unknown[]) => {
          if (key === 'values') wait = gate(args[0])
          const result: unknown = (member as (...a: unknown[]) => unknown).apply(object, args)
          return typeof result === 'object' && result !== null ? wrap(result) : result
        }
      },
    })
  return wrap(builder)
}

describe('the floor row', () => {
  it('keeps a stop asked by another process while the owner beats: the floor stops', async () => {
    const owner = createFloor(t.app)
    const other = createFloor(t.app)
    await owner.start({ userIds: [t.users.teleop.id], speed: 1 })
    const { owner: ownerId } = (await readFloorRow(t.app.database.db))!
    let stopping: Promise<void> | undefined
    // The heartbeat has its state ready; the other process asks the stop just before it is written.
    const hold = holdNextHeartbeat(ownerId, async () => {
      stopping = other.stop()
      await vi.waitFor(async () => expect((await readFloorRow(t.app.database.db))?.stopRequested).toBe(true))
    })
    try {
      await vi.waitFor(() => expect(hold.held()).toBe(true), { timeout: 5_000 })
      await stopping
      expect(owner.runsHere()).toBe(false)
      expect(await readFloorRow(t.app.database.db)).toBeNull()
    } finally {
      hold.restore()
      await owner.close()
    }
  }, 30_000)

  it('lets one of simultaneous starts take the floor; the others get the French 409', async () => {
    const { db } = t.app.database
    for (let round = 0; round < 10; round += 1) {
      await deleteFloorRow(db)
      const owners = ['a', 'b', 'c', 'd'].map((name) => `${name}${round}`)
      const results = await Promise.allSettled(owners.map((owner) => claimFloorRow(db, stored(owner))))
      const refused = results.flatMap((one) => (one.status === 'rejected' ? [one.reason as unknown] : []))
      expect(refused).toHaveLength(owners.length - 1)
      for (const reason of refused) {
        expect(reason).toBeInstanceOf(HttpError)
        expect(reason).toMatchObject({ statusCode: 409, message: TAKEN })
      }
      const winner = results.findIndex((one) => one.status === 'fulfilled')
      expect((await readFloorRow(db))?.owner).toBe(owners[winner])
    }
  })
})
