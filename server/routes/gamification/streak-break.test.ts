// Issue #14 review: a call of the agent that ends unanswered breaks the answered-call series whatever
// ends it — the provider's events (gamification.test.ts), and also the app's own paths that bypass
// them: a force-end, the agent declining an inbound call, the sweep of pending calls nobody named.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { insertCall } from '../../../tests/factories/leads.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import type { Db } from '../../db/client.ts'
import { calls, userTentacalls } from '../../db/schema.ts'
import { recordEvent } from '../../domain/gamification/engine.ts'
import { answeredStreak } from '../../domain/gamification/tentacalls/answered-streak.ts'
import { expirePendingCalls } from '../../domain/calls/pending-expiry.ts'
import { PENDING_PREFIX } from '../../domain/webhooks/processing.ts'

const t = signedInServer({ users: { teleop: { aircallId: 4242 } } })
const { teleop: agent } = t.agents

async function streak() {
  const [row] = await t.database.db
    .select({ current: userTentacalls.current, record: userTentacalls.record })
    .from(userTentacalls)
    .where(and(eq(userTentacalls.userId, t.users.teleop.id), eq(userTentacalls.code, answeredStreak.id)))
  return row
}

/** Three answered calls in a row, then `call` of the agent, unanswered and not ended. */
async function threeAnsweredThen(call: Omit<Partial<typeof calls.$inferInsert>, 'userId'> = {}) {
  const { db } = t.database
  const userId = t.users.teleop.id
  const startedAt = new Date(Date.now() - 10 * 60_000)
  for (let i = 0; i < 3; i++) {
    const answered = await insertCall(db, { userId, startedAt, answeredAt: startedAt, endedAt: startedAt })
    await db.transaction((tx) =>
      recordEvent(tx as unknown as Db, { kind: 'call-answered', userId, callId: answered.id, startedAt }),
    )
  }
  expect(await streak()).toEqual({ current: 3, record: 3 })
  return insertCall(db, { userId, status: 'initial', ...call })
}

describe('the answered-call series breaks on every unanswered end', () => {
  it('a force-end of an unanswered call; ending it again changes nothing', async () => {
    const call = await threeAnsweredThen()
    const ended = await agent.request({
      method: 'POST',
      url: '/api/call/force-end',
      payload: { callId: call.id },
    })
    expect(ended.statusCode).toBe(200)
    expect(await streak()).toEqual({ current: 0, record: 3 })
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call.id))
    expect(row).toMatchObject({ status: 'missed' })
    const again = await agent.request({
      method: 'POST',
      url: '/api/call/force-end',
      payload: { callId: call.id },
    })
    expect(again.statusCode).toBe(200)
  })

  it('a force-end of an answered call keeps the series', async () => {
    const answeredAt = new Date(Date.now() - 30_000)
    const call = await threeAnsweredThen({ status: 'answered', answeredAt })
    await agent.request({ method: 'POST', url: '/api/call/force-end', payload: { callId: call.id } })
    expect(await streak()).toEqual({ current: 3, record: 3 })
    const [row] = await t.database.db.select().from(calls).where(eq(calls.id, call.id))
    expect(row).toMatchObject({ status: 'ended' })
  })

  it('the agent declining a ringing inbound call', async () => {
    const call = await threeAnsweredThen({ direction: 'inbound', status: 'ringing' })
    const declined = await agent.request({
      method: 'POST',
      url: '/api/call/inbound/decline',
      payload: { callId: call.id },
    })
    expect(declined.statusCode).toBe(200)
    expect(await streak()).toEqual({ current: 0, record: 3 })
  })

  it('a pending outbound call the provider never named, ended by the sweep', async () => {
    await threeAnsweredThen({
      providerCallId: `${PENDING_PREFIX}stale`,
      startedAt: new Date(Date.now() - 5 * 60_000),
    })
    expect(await expirePendingCalls(t.app.telephony.context)).toBe(1)
    expect(await streak()).toEqual({ current: 0, record: 3 })
  })
})
