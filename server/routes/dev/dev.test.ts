import { beforeEach, describe, expect, it } from 'vitest'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { createTestApp } from '../../../tests/setup/test-app.ts'
import { eq } from 'drizzle-orm'
import { TEST_PASSWORD, createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { calls, leads, users } from '../../db/schema.ts'
import { insertTeam, insertUser } from '../../../tests/factories/users.ts'
import { insertCall, insertMission } from '../../../tests/factories/leads.ts'
import { createFloor } from '../../domain/floor/engine.ts'

/** The app's log lines (pino JSON), to check what the dev tools leave in the audit trail. */
const logLines: Record<string, unknown>[] = []

const t = signedInServer({
  config: { logLevel: 'info' },
  build: { logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) } },
  // Simulated events of the previous test must not land in this one's tables.
  beforeReset: (app) => app.telephony.idle(),
  users: { teleop: {}, manager: { role: 'MANAGER', signIn: false } },
})
const { teleop: agent } = t.agents

beforeEach(() => {
  logLines.length = 0
})

function logged(event: string) {
  return logLines.filter((line) => line.event === event)
}

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

  it('logs who became whom on every connect-as and role switch, with ids and roles only', async () => {
    const [teleop] = await t.database.db.select().from(users).where(eq(users.email, 'teleop@test.fr'))
    const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@test.fr'))
    await agent.request({ method: 'POST', url: '/api/dev/switch-role', payload: { role: 'ADMIN' } })
    expect(logged('dev.switch-role')).toEqual([
      expect.objectContaining({
        level: 40,
        userId: teleop!.id,
        accountRole: 'TELEOPERATOR',
        fromRole: 'TELEOPERATOR',
        toRole: 'ADMIN',
      }),
    ])
    await agent.request({
      method: 'POST',
      url: '/api/dev/connect-as',
      payload: { userEmail: 'manager@test.fr' },
    })
    expect(logged('dev.connect-as')).toEqual([
      expect.objectContaining({
        level: 40,
        fromUserId: teleop!.id,
        fromRole: 'ADMIN',
        toUserId: manager!.id,
        toRole: 'MANAGER',
      }),
    ])
    const text = JSON.stringify([...logged('dev.switch-role'), ...logged('dev.connect-as')])
    expect(text).not.toContain(TEST_PASSWORD)
    expect(text).not.toContain(agent.cookies.get('sid') ?? 'no session cookie')
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

describe('dev telephony: only the calls of users one may follow (issue #17)', () => {
  const NOT_FOUND_CALL = { error: { code: 'NOT_FOUND', message: 'Appel simulé introuvable.' } }
  let ids: { teleop: number; teammate: number; outsider: number }

  beforeEach(async () => {
    const { db } = t.database
    const teleop = (await db.select().from(users).where(eq(users.email, 'teleop@test.fr')))[0]!
    const manager = (await db.select().from(users).where(eq(users.email, 'manager@test.fr')))[0]!
    const teammate = await insertUser(db, { email: 'teammate@test.fr' })
    const outsider = await insertUser(db, { email: 'outsider@test.fr' })
    await insertUser(db, { email: 'admin@test.fr', role: 'ADMIN', aircallId: null })
    await insertTeam(db, 'Lyon', [manager.id, teammate.id])
    ids = { teleop: teleop.id, teammate: teammate.id, outsider: outsider.id }
  })

  let callNumber = 900_000
  async function callOf(userId: number) {
    callNumber += 1
    return insertCall(t.database.db, { userId, providerCallId: String(callNumber) })
  }

  async function hangUp(as: Agent, callId: number) {
    return as.request({ method: 'POST', url: `/api/dev/telephony/${callId}/hangup` })
  }

  it('a teleoperator drives their own call; another’s answers like a call that does not exist', async () => {
    const own = await callOf(ids.teleop)
    const foreign = await callOf(ids.teammate)
    expect((await hangUp(agent, own.id)).statusCode).toBe(200)
    const refused = await hangUp(agent, foreign.id)
    const missing = await hangUp(agent, 2_000_000)
    expect([refused.statusCode, refused.json()]).toEqual([404, NOT_FOUND_CALL])
    expect([missing.statusCode, missing.json()]).toEqual([404, NOT_FOUND_CALL])
    const [untouched] = await t.database.db.select().from(calls).where(eq(calls.id, foreign.id))
    expect(untouched!.endedAt).toBeNull()
    const inbound = await agent.request({
      method: 'POST',
      url: '/api/dev/telephony/inbound',
      payload: { userId: ids.teammate, fromNumber: '+33612345678' },
    })
    expect(inbound.statusCode).toBe(404)
    expect(inbound.json().error.message).toBe('Utilisateur introuvable.')
  })

  it('a manager drives the calls of their teams’ users only; an administrator anyone’s', async () => {
    const manager = createAgent(t.app)
    await manager.login('manager@test.fr')
    expect((await hangUp(manager, (await callOf(ids.teammate)).id)).statusCode).toBe(200)
    expect((await hangUp(manager, (await callOf(ids.outsider)).id)).statusCode).toBe(404)
    const admin = createAgent(t.app)
    await admin.login('admin@test.fr')
    expect((await hangUp(admin, (await callOf(ids.outsider)).id)).statusCode).toBe(200)
    await t.app.telephony.idle()
  })
})

describe('POST /api/dev/leads', () => {
  it('creates new leads in a market for an administrator; others get 403; bad input changes nothing', async () => {
    const { db } = t.database
    const { market } = await insertMission(db)
    const post = (who: Agent, payload: Record<string, unknown>) =>
      who.request({ method: 'POST', url: '/api/dev/leads', payload })
    expect((await post(agent, { marketId: market.id, count: 2 })).statusCode).toBe(403)
    await insertUser(db, { email: 'admin@test.fr', role: 'ADMIN' })
    const admin = await t.signIn('admin@test.fr')
    expect((await post(admin, { marketId: market.id, count: 0 })).statusCode).toBe(400)
    expect((await post(admin, { marketId: 999_999, count: 2 })).statusCode).toBe(404)
    expect(await db.select().from(leads)).toHaveLength(0)
    const res = await post(admin, { marketId: market.id, count: 3 })
    expect(res.statusCode).toBe(201)
    expect(res.json().created).toBe(3)
    const rows = await db.select().from(leads)
    expect(rows.map((row) => [row.marketId, row.status, row.processingUserId])).toEqual([
      [market.id, 'NEW', null],
      [market.id, 'NEW', null],
      [market.id, 'NEW', null],
    ])
    expect(new Set(rows.map((row) => row.phone)).size).toBe(3)
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
      // Issue #15: the simulated floor and the UAT tools, pages' endpoints included.
      const issue15 = [
        { method: 'GET', url: '/api/dev/call-center-activity' },
        {
          method: 'POST',
          url: '/api/dev/call-center-activity',
          payload: { action: 'start', userIds: [1], speed: 10 },
        },
        { method: 'POST', url: '/api/dev/call-center-activity', payload: { action: 'stop' } },
        { method: 'GET', url: '/api/dev/uat-settings' },
        { method: 'PUT', url: '/api/dev/uat-settings/simulator', payload: {} },
        { method: 'POST', url: '/api/dev/uat/reset-calls-and-leads' },
      ] as const
      for (const call of issue15) expect((await a.request(call)).statusCode, call.url).toBe(404)
      // And the engine itself refuses, whoever would call it.
      await expect(createFloor(prod.app).start({ userIds: [1], speed: 1 })).rejects.toThrow(/production/)
    } finally {
      await prod.close()
    }
  })
})
