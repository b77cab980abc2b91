// Issue #15 "Developer pages": the simulated floor and the UAT reset, on the demo data, through their
// endpoints. The floor's waits are scaled to zero (FLOOR_TIME_SCALE), so virtual agents move on as
// soon as each step is processed; tests wait on the database's state, never on time.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { createAgent, type Agent } from '../../../tests/setup/agent.ts'
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts'
import { appointments, calls, leadTags, leads, users } from '../../db/schema.ts'
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed.ts'

let t: TestApp
let admin: Agent

async function total(table: typeof leads | typeof calls | typeof leadTags | typeof appointments) {
  const [row] = await t.database.db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

async function demoTeleoperators(n: number) {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'TELEOPERATOR'), eq(users.status, 'ACTIVE'), isNotNull(users.aircallId)))
    .orderBy(users.id)
  return rows.slice(0, n).map((r) => r.id)
}

const floor = (payload: object) =>
  admin.request({ method: 'POST', url: '/api/dev/call-center-activity', payload })

// Seeding takes seconds (2,400 leads): once for the file; the reset test puts the demo state back.
beforeAll(async () => {
  t = await createTestApp({ simulatorAnswerDelayMs: 0, floorTimeScale: 0 })
  await seedDemoData(t.database.db, { info: () => {} })
  admin = createAgent(t.app)
  expect((await admin.login('admin@demo.fr', DEMO_PASSWORD)).statusCode).toBe(200)
}, 180_000)
afterAll(async () => {
  await t?.close()
})

describe('the simulated floor', () => {
  it('fills calls, outcomes and the leaderboard through the agents’ rules, and stops clean', async () => {
    const board = async () =>
      (await admin.request({ url: '/api/leaderboard?period=today' })).json().agents as {
        userId: number
        experiencePoints: number
      }[]
    const before = await board()
    const userIds = await demoTeleoperators(3)
    const started = await floor({ action: 'start', userIds, speed: 20 })
    expect(started.statusCode).toBe(200)
    expect(started.json()).toMatchObject({ running: true, speed: 20 })
    expect(started.json().agents.map((a: { userId: number }) => a.userId)).toEqual(userIds)

    // A second start (another tab) is refused while it runs.
    const again = await floor({ action: 'start', userIds, speed: 5 })
    expect(again.statusCode).toBe(409)

    await vi.waitFor(
      async () => {
        expect(await total(calls)).toBeGreaterThanOrEqual(12)
        expect(await total(leadTags)).toBeGreaterThanOrEqual(6)
      },
      { timeout: 30_000, interval: 50 },
    )
    const state = (await admin.request({ url: '/api/dev/call-center-activity' })).json()
    expect(state.running).toBe(true)
    expect(state.counters.calls).toBeGreaterThan(0)

    const stopped = await floor({ action: 'stop' })
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json()).toMatchObject({ running: false, agents: [] })
    await t.app.telephony.idle()

    const { db } = t.database
    // Every call of the virtual agents has ended, with its outcome; none of their leads is held.
    const open = await db.select({ id: calls.id }).from(calls).where(isNull(calls.endedAt))
    expect(open).toEqual([])
    const untagged = await db
      .select({ id: calls.id })
      .from(calls)
      .where(and(isNull(calls.leadTagId), isNotNull(calls.leadId)))
    expect(untagged).toEqual([])
    for (const id of userIds) {
      const held = await db.select({ id: leads.id }).from(leads).where(eq(leads.processingUserId, id))
      expect(held).toEqual([])
    }
    // Outcomes of the call processes were recorded by the virtual agents themselves.
    const tagged = await db.select({ userId: leadTags.userId }).from(leadTags)
    expect(tagged.every((row) => userIds.includes(row.userId!))).toBe(true)
    // The leaderboard moved for them.
    const after = await board()
    const points = (rows: typeof before) =>
      rows.filter((r) => userIds.includes(r.userId)).reduce((sum, r) => sum + r.experiencePoints, 0)
    expect(points(after)).toBeGreaterThan(points(before))
  })

  it('refuses in French a bad speed, nobody, or a user who cannot call', async () => {
    const speed = await floor({ action: 'start', userIds: await demoTeleoperators(1), speed: 50 })
    expect(speed.statusCode).toBe(400)
    expect(speed.json().error.fields.speed).toBe('La vitesse va de ×1 à ×20.')
    const nobody = await floor({ action: 'start', userIds: [], speed: 5 })
    expect(nobody.statusCode).toBe(400)
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.fr'))
    const admins = await floor({ action: 'start', userIds: [adminRow!.id], speed: 5 })
    expect(admins.statusCode).toBe(400)
    expect(admins.json().error.message).toBe(
      'Choisissez des téléopérateurs ou managers actifs reliés à la téléphonie.',
    )
    expect((await admin.request({ url: '/api/dev/call-center-activity' })).json().running).toBe(false)
  })
})

describe('the UAT reset and settings', () => {
  it('saves the simulator settings, refusing proportions that do not make 100 %', async () => {
    const bad = await admin.request({
      method: 'PUT',
      url: '/api/dev/uat-settings/simulator',
      payload: { answerDelayMs: 1000, answeredPercent: 50, voicemailPercent: 50, noAnswerPercent: 10 },
    })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('Les trois proportions doivent faire 100 %.')
    const settings = { answerDelayMs: 0, answeredPercent: 60, voicemailPercent: 20, noAnswerPercent: 20 }
    const ok = await admin.request({
      method: 'PUT',
      url: '/api/dev/uat-settings/simulator',
      payload: settings,
    })
    expect(ok.statusCode).toBe(200)
    const read = (await admin.request({ url: '/api/dev/uat-settings' })).json()
    expect(read.simulator).toEqual(settings)
    expect(read.environment).toMatchObject({ appEnv: 'develop', telephonyProvider: 'simulator' })
    expect(['pglite', 'postgres']).toContain(read.environment.databaseKind)
  })

  it('refuses to reset while the floor runs, then puts the demo leads back and keeps the users', async () => {
    const userCount = (await t.database.db.select({ n: count() }).from(users))[0]!.n
    const started = await floor({ action: 'start', userIds: await demoTeleoperators(2), speed: 20 })
    expect(started.statusCode).toBe(200)
    const refused = await admin.request({ method: 'POST', url: '/api/dev/uat/reset-calls-and-leads' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'Arrêtez d’abord la simulation du plateau : elle utilise les leads.',
    )
    await vi.waitFor(async () => expect(await total(calls)).toBeGreaterThan(0), {
      timeout: 30_000,
      interval: 50,
    })
    expect((await floor({ action: 'stop' })).statusCode).toBe(200)
    await t.app.telephony.idle()

    const res = await admin.request({ method: 'POST', url: '/api/dev/uat/reset-calls-and-leads' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ok: true, leads: 2400 })
    expect(await total(leads)).toBe(2400)
    expect(await total(calls)).toBe(0)
    expect(await total(leadTags)).toBe(0)
    expect(await total(appointments)).toBe(res.json().appointments)
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(userCount)
    // The same demo leads as the seed's: the admin still signs in, the first lead is the seed's.
    expect((await admin.request({ url: '/api/user/me' })).statusCode).toBe(200)
  })
})
