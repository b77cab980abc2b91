// @both-databases: LISTEN/NOTIFY across processes.
import { describe, expect, it, vi } from 'vitest'
import { signedInServer } from '../../tests/setup/signed-in-server.ts'
import { serverProcessesOnOneDatabase } from '../../tests/setup/test-app.ts'
import { createAgent } from '../../tests/setup/agent.ts'
import { insertUser } from '../../tests/factories/users.ts'
import { createBatcher } from './bus.ts'

describe('bus within one process', () => {
  const t = signedInServer({ resetBeforeEach: false })

  it('delivers a published signal to this process’s subscribers at once', async () => {
    const seen: number[] = []
    const off = t.app.bus.subscribe('user-changed', ({ userId }) => seen.push(userId))
    await t.app.bus.publish('user-changed', { userId: 7 })
    off()
    await t.app.bus.publish('user-changed', { userId: 8 })
    expect(seen).toEqual([7])
  })

  it('a cached session is dropped when its user is deactivated', async () => {
    await insertUser(t.database.db, { email: 'admin@test.fr', role: 'ADMIN' })
    const teleop = await insertUser(t.database.db, { email: 'teleop@test.fr' })
    const admin = createAgent(t.app)
    const agent = createAgent(t.app)
    await admin.login('admin@test.fr')
    await agent.login('teleop@test.fr')
    expect((await agent.request({ url: '/api/user/me' })).statusCode).toBe(200) // now cached
    await admin.request({ method: 'POST', url: `/api/user/${teleop.id}/deactivate` })
    expect((await agent.request({ url: '/api/user/me' })).statusCode).toBe(401)
  })
})

describe('NOTIFY batching', () => {
  it('sends what queues during a send together in the next one, in order, settling each caller', async () => {
    const sent: string[][] = []
    let release: () => void = () => undefined
    const send = vi.fn(async (payloads: string[]) => {
      sent.push(payloads)
      if (sent.length === 1) await new Promise<void>((resolve) => (release = resolve))
    })
    const enqueue = createBatcher(send)
    const first = enqueue('a')
    const rest = [enqueue('b'), enqueue('c'), enqueue('d')]
    release()
    await Promise.all([first, ...rest])
    expect(sent).toEqual([['a'], ['b', 'c', 'd']])
  })

  it('rejects the callers of a failed batch only, and goes on with the next', async () => {
    let calls = 0
    const enqueue = createBatcher(async () => {
      calls += 1
      if (calls === 1) throw new Error('connection lost')
    })
    const failed = enqueue('a')
    await expect(failed).rejects.toThrow('connection lost')
    await expect(enqueue('b')).resolves.toBeUndefined()
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('NOTIFY batching on PostgreSQL', () => {
  const startProcess = serverProcessesOnOneDatabase()

  it('delivers every signal of a burst to the other process, equal ones included, in order', async () => {
    const a = await startProcess()
    const b = await startProcess()
    const seen: number[] = []
    b.app.bus.subscribe('user-changed', ({ userId }) => seen.push(userId))
    const ids = [...Array.from({ length: 200 }, (_, i) => i), 7, 7]
    await Promise.all(ids.map((userId) => a.app.bus.publish('user-changed', { userId })))
    await vi.waitFor(() => expect(seen).toHaveLength(ids.length), { timeout: 5000 })
    expect(seen).toEqual(ids)
  })
})

// Two server processes on one PostgreSQL: what one changes, the other's caches forget (LISTEN/NOTIFY).
describe.skipIf(!process.env.TEST_DATABASE_URL)('bus across two server processes (PostgreSQL)', () => {
  const startProcess = serverProcessesOnOneDatabase()
  const start = () => startProcess()

  it('a signal published by one process reaches the other', async () => {
    const a = await start()
    const b = await start()
    const seen: number[] = []
    b.app.bus.subscribe('user-changed', ({ userId }) => seen.push(userId))
    await a.app.bus.publish('user-changed', { userId: 42 })
    await vi.waitFor(() => expect(seen).toEqual([42]), { timeout: 5000 })
  })

  it('deactivating a user on one process ends their session cached by the other', async () => {
    const a = await start()
    const b = await start()
    await insertUser(a.database.db, { email: 'admin2@test.fr', role: 'ADMIN' })
    const teleop = await insertUser(a.database.db, { email: 'teleop2@test.fr' })
    const onA = createAgent(a.app)
    await onA.login('teleop2@test.fr')
    expect((await onA.request({ url: '/api/user/me' })).statusCode).toBe(200)
    const adminOnB = createAgent(b.app)
    await adminOnB.login('admin2@test.fr')
    await adminOnB.request({ method: 'POST', url: `/api/user/${teleop.id}/deactivate` })
    await vi.waitFor(async () => expect((await onA.request({ url: '/api/user/me' })).statusCode).toBe(401), {
      timeout: 5000,
    })
  })
})
