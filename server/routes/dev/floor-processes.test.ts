// @both-databases: the simulated floor on two processes.
// Issue #15, the simulated floor with two server processes on one PostgreSQL database
// (docs/decisions.md "Simulated floor"): one floor per database; any process shows it and stops it,
// the owner hangs up and hands back what its agents hold.
import { describe, expect, it } from 'vitest'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { createAgent } from '../../../tests/setup/agent.ts'
import { serverProcessesOnOneDatabase } from '../../../tests/setup/test-app.ts'
import { calls, leads, users } from '../../db/schema.ts'
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed.ts'

describe.skipIf(!process.env.TEST_DATABASE_URL)('the simulated floor on two processes (PostgreSQL)', () => {
  const start = serverProcessesOnOneDatabase()

  it('runs once per database, shows and stops from the other process, leaving nothing open', async () => {
    const config = { simulatorAnswerDelayMs: 0, floorTimeScale: 0 }
    const a = await start({ config })
    await seedDemoData(a.database.db, { info: () => {} })
    const b = await start({ config })
    const onA = createAgent(a.app)
    const onB = createAgent(b.app)
    expect((await onA.login('admin@demo.fr', DEMO_PASSWORD)).statusCode).toBe(200)
    expect((await onB.login('admin@demo.fr', DEMO_PASSWORD)).statusCode).toBe(200)
    const agents = await a.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'TELEOPERATOR'), isNotNull(users.aircallId)))
      .orderBy(users.id)
      .limit(2)
    const userIds = agents.map((row) => row.id)

    const started = await onA.request({
      method: 'POST',
      url: '/api/dev/call-center-activity',
      payload: { action: 'start', userIds, speed: 20 },
    })
    expect(started.statusCode).toBe(200)
    const owner = started.json().owner as string

    // The other process refuses a second floor, and shows this one once the owner has written it.
    const second = await onB.request({
      method: 'POST',
      url: '/api/dev/call-center-activity',
      payload: { action: 'start', userIds, speed: 5 },
    })
    expect(second.statusCode).toBe(409)
    expect(second.json().error.message).toBe('Une simulation tourne déjà sur un autre processus du serveur.')
    const seen = (await onB.request({ url: '/api/dev/call-center-activity' })).json()
    expect(seen).toMatchObject({ running: true, owner, speed: 20 })

    // A stop asked of the other process: the owner stops at its next heartbeat; the answer waits.
    const stopped = await onB.request({
      method: 'POST',
      url: '/api/dev/call-center-activity',
      payload: { action: 'stop' },
    })
    expect(stopped.statusCode).toBe(200)
    expect(stopped.json().running).toBe(false)
    expect((await onA.request({ url: '/api/dev/call-center-activity' })).json().running).toBe(false)
    await a.app.telephony.idle()
    const { db } = a.database
    expect(await db.select({ id: calls.id }).from(calls).where(isNull(calls.endedAt))).toEqual([])
    for (const id of userIds)
      expect(await db.select({ id: leads.id }).from(leads).where(eq(leads.processingUserId, id))).toEqual([])
  }, 120_000)
})
