import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, serverProcessesOnOneDatabase, type TestApp } from '../../tests/setup/test-app.ts'
import { createAgent } from '../../tests/setup/agent.ts'
import { insertUser } from '../../tests/factories/users.ts'

describe('bus within one process', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

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
