import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'

let t: TestApp
let me: { id: number }
let agent: Agent
let manager: Agent

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.reset()
  me = await insertUser(t.database.db, { email: 'teleop@test.fr' })
  const managerRow = await insertUser(t.database.db, { email: 'manager@test.fr', role: 'MANAGER' })
  // The manager sees the missions of their team's members (server/domain/lead-access.ts).
  await insertTeam(t.database.db, 'Équipe', [me.id, managerRow.id])
  agent = createAgent(t.app)
  manager = createAgent(t.app)
  await agent.login('teleop@test.fr')
  await manager.login('manager@test.fr')
})

describe('GET /api/lead/random/{x}', () => {
  it('answers up to x distinct leads the user may read, in the documented shape', async () => {
    const { db } = t.database
    const { market, mission } = await insertMission(db, { userIds: [me.id] })
    const { market: other } = await insertMission(db)
    const mine = await Promise.all([1, 2, 3].map(() => insertLead(db, market.id)))
    await Promise.all([1, 2, 3].map(() => insertLead(db, other.id)))

    const res = await agent.request({ url: '/api/lead/random/50' })
    expect(res.statusCode).toBe(200)
    const { items } = res.json()
    expect(items.map((i: { id: number }) => i.id).toSorted()).toEqual(mine.map((l) => l.id).toSorted())
    expect(items[0]).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      firstName: 'Jeanne',
      lastName: expect.stringMatching(/^Durand/),
      phone: expect.stringMatching(/^\+33/),
      status: 'NEW',
      missionId: mission.id,
    })
    expect((await agent.request({ url: '/api/lead/random/2' })).json().items).toHaveLength(2)
    // The manager: their team's missions only (the other mission is nobody's of the team).
    const managed = (await manager.request({ url: '/api/lead/random/50' })).json().items
    expect(managed.map((i: { id: number }) => i.id).toSorted()).toEqual(mine.map((l) => l.id).toSorted())
  })

  it('refuses a count outside 1..50 and an anonymous caller', async () => {
    for (const x of ['0', '51', '-1', '2.5', 'abc']) {
      const res = await agent.request({ url: `/api/lead/random/${x}` })
      expect(res.statusCode, x).toBe(400)
      expect(res.json().error.fields.x, x).toBe('Indiquez un nombre de leads entre 1 et 50.')
    }
    expect((await createAgent(t.app).request({ url: '/api/lead/random/1' })).statusCode).toBe(401)
  })

  it('does not exist in production', async () => {
    const prod = await createTestApp({ appEnv: 'production' })
    try {
      await insertUser(prod.database.db, { email: 'teleop@test.fr' })
      const a = createAgent(prod.app)
      await a.login('teleop@test.fr')
      expect((await a.request({ url: '/api/lead/random/1' })).statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
