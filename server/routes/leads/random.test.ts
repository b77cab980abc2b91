import { describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createTestApp } from '../../../tests/setup/test-app.ts'
import { createAgent } from '../../../tests/setup/agent.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'

const t = signedInServer({
  users: { teleop: {}, manager: { role: 'MANAGER' } },
  // The missions are opened to the team, so its manager sees them (server/domain/leads/access.ts).
  team: ['teleop', 'manager'],
})
const { teleop: me } = t.users
const { teleop: agent, manager } = t.agents

describe('GET /api/lead/random/{x}', () => {
  it('answers up to x distinct leads the user may read, in the documented shape', async () => {
    const { db } = t.database
    const { market, mission } = await insertMission(db, { userIds: [me.id], teamIds: [t.teamId] })
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
    // The manager: the missions opened to their team only (the other mission is not).
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
