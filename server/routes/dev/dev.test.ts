import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'

let t: TestApp
let agent: Agent

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.reset()
  await insertUser(t.database.db, { email: 'teleop@test.fr', role: 'TELEOPERATOR' })
  await insertUser(t.database.db, { email: 'manager@test.fr', role: 'MANAGER' })
  agent = createAgent(t.app)
  await agent.login('teleop@test.fr')
})

describe('dev endpoints (non-production)', () => {
  it('connects as the first active user of a role', async () => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/dev/connect-as',
      payload: { role: 'MANAGER', userEmail: null },
    })
    expect(res.json().user.email).toBe('manager@test.fr')
    expect((await agent.request({ url: '/api/user/me' })).json().role).toBe('MANAGER')
  })

  it('connects as a user by e-mail, and says so in French when nobody matches', async () => {
    const res = await agent.request({
      method: 'POST',
      url: '/api/dev/connect-as',
      payload: { userEmail: 'manager@test.fr' },
    })
    expect(res.json().user.email).toBe('manager@test.fr')
    const missing = await agent.request({
      method: 'POST',
      url: '/api/dev/connect-as',
      payload: { userEmail: 'x@test.fr' },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('Aucun utilisateur ne correspond.')
    const empty = await agent.request({ method: 'POST', url: '/api/dev/connect-as', payload: {} })
    expect(empty.statusCode).toBe(400)
  })

  it('switches the role of the current session only, and the role checks follow it', async () => {
    expect((await agent.request({ url: '/api/users' })).statusCode).toBe(403)
    const res = await agent.request({
      method: 'POST',
      url: '/api/dev/switch-role',
      payload: { role: 'ADMIN' },
    })
    expect(res.json().user.role).toBe('ADMIN')
    expect((await agent.request({ url: '/api/users' })).statusCode).toBe(200)
    const otherTab = createAgent(t.app)
    await otherTab.login('teleop@test.fr')
    expect((await otherTab.request({ url: '/api/user/me' })).json().role).toBe('TELEOPERATOR')
  })

  it('requires a session', async () => {
    const res = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/dev/connect-as',
      payload: { role: 'ADMIN' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('dev endpoints in production', () => {
  it('do not exist', async () => {
    const prod = await createTestApp({ appEnv: 'production' })
    try {
      await insertUser(prod.database.db, { email: 'teleop@test.fr' })
      const a = createAgent(prod.app)
      await a.login('teleop@test.fr')
      const res = await a.request({ method: 'POST', url: '/api/dev/connect-as', payload: { role: 'ADMIN' } })
      expect(res.statusCode).toBe(404)
      expect(
        (await a.request({ method: 'POST', url: '/api/dev/switch-role', payload: { role: 'ADMIN' } }))
          .statusCode,
      ).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
