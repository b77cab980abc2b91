import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { insertLead, insertMission } from '../../../tests/factories/leads.ts'
import { calls, users, webhookEvents } from '../../db/schema.ts'
import { PENDING_PREFIX } from '../../domain/webhooks/processing.ts'
import { REJECTED_WEBHOOKS_PER_ADDRESS } from '../../domain/webhooks/reception.ts'

const TOKEN = 'webhook-secret-token'
const MAX_AGE_HOURS = 24
const t = signedInServer({
  config: {
    telephonyProvider: 'aircall',
    aircall: {
      apiId: 'id',
      apiToken: 'token',
      apiUrl: 'http://127.0.0.1:9',
      webhookToken: TOKEN,
      webhookMaxAgeMs: MAX_AGE_HOURS * 3_600_000,
    },
  },
})
let agent: { id: number; aircallId: number | null }
let published: { channel: string; data: unknown }[]

beforeAll(() => {
  t.app.bus.subscribe('live', (signal) => published.push(signal))
})
beforeEach(async () => {
  published = []
  agent = await insertUser(t.database.db, { aircallId: 4242 })
})

const T0 = Math.floor(Date.now() / 1000) - 60

function callData(overrides: Record<string, unknown> = {}) {
  return {
    id: 987654321,
    direction: 'inbound',
    status: 'initial',
    started_at: T0,
    answered_at: null,
    ended_at: null,
    duration: 0,
    raw_digits: '+33 6 12 34 56 78',
    missed_call_reason: null,
    user: { id: 4242, email: 'agent@test.fr' },
    number: { id: 77, digits: '+33 1 76 36 06 95' },
    ...overrides,
  }
}

async function deliver(
  event: string,
  timestamp: number,
  data: Record<string, unknown>,
  token = TOKEN,
  remoteAddress = '127.0.0.1',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/aircall',
    remoteAddress,
    payload: { resource: 'call', event, timestamp, token, data },
  })
  await t.app.telephony.idle()
  return res
}

async function callRows() {
  return t.database.db.select().from(calls)
}

describe('POST /api/webhooks/aircall', () => {
  it('refuses a bad token with 401, records it as rejected and processes nothing', async () => {
    const res = await deliver('call.created', T0, callData(), 'wrong-token')
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Jeton de webhook invalide.')
    expect(await callRows()).toEqual([])
    const events = await t.database.db.select().from(webhookEvents)
    expect(events).toEqual([expect.objectContaining({ outcome: 'rejected', event: 'call.created' })])
    expect(JSON.stringify(events[0]!.payload)).not.toContain('wrong-token')
    expect((await deliver('call.created', T0, callData(), '')).statusCode).toBe(401)
  })

  it('keeps only the metadata of a bad-token delivery (event, size, address, time), never its body', async () => {
    const filler = 'x'.repeat(400_000)
    const res = await deliver('call.created', T0, callData({ filler }), 'wrong-token', '203.0.113.9')
    expect(res.statusCode).toBe(401)
    const [event] = await t.database.db.select().from(webhookEvents)
    expect(event).toMatchObject({ event: 'call.created', outcome: 'rejected', providerCallId: null })
    expect(event!.payload).toEqual({ size: expect.any(Number), address: '203.0.113.9' })
    expect(event!.payload.size).toBeGreaterThan(400_000)
    expect(event!.receivedAt).toBeInstanceOf(Date)
  })

  it('throttles bad-token deliveries per address, without recording the refused ones', async () => {
    for (let i = 0; i < REJECTED_WEBHOOKS_PER_ADDRESS; i++)
      expect((await deliver('call.created', T0, callData(), 'wrong', '198.51.100.1')).statusCode).toBe(401)
    const refused = await deliver('call.created', T0, callData(), 'wrong', '198.51.100.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.message).toMatch(/Réessayez/)
    expect(await t.database.db.select().from(webhookEvents)).toHaveLength(REJECTED_WEBHOOKS_PER_ADDRESS)
    // Another address, and the real provider with the right token, are not held back.
    expect((await deliver('call.created', T0, callData(), 'wrong', '198.51.100.2')).statusCode).toBe(401)
    expect((await deliver('call.created', T0, callData(), TOKEN, '198.51.100.1')).statusCode).toBe(200)
    expect(await callRows()).toHaveLength(1)
  })

  it('records an event older than the window, or dated ahead, as stale and does not apply it', async () => {
    const yearAgo = Math.floor(Date.now() / 1000) - 365 * 24 * 3600
    const justOld = Math.floor(Date.now() / 1000) - MAX_AGE_HOURS * 3600 - 60
    expect((await deliver('call.created', yearAgo, callData())).statusCode).toBe(200)
    await deliver('call.answered', justOld, callData({ status: 'answered', answered_at: justOld }))
    // Dated ahead of our clock beyond the skew allowed: it would outrank every real event of the call.
    const ahead = Math.floor(Date.now() / 1000) + 3600
    await deliver('call.hungup', ahead, callData({ status: 'done', ended_at: ahead }))
    expect(await callRows()).toEqual([])
    const events = await t.database.db.select().from(webhookEvents).orderBy(webhookEvents.id)
    expect(events.map((e) => [e.event, e.outcome])).toEqual([
      ['call.created', 'stale'],
      ['call.answered', 'stale'],
      ['call.hungup', 'stale'],
    ])
    expect(published).toEqual([])
    // Within the window, the same call is applied as usual.
    await deliver('call.created', T0, callData())
    expect(await callRows()).toHaveLength(1)
  })

  it('answers 200 without a session or CSRF pair, and records the delivery with the token redacted', async () => {
    const res = await deliver('call.created', T0, callData())
    expect(res.statusCode).toBe(200)
    const [event] = await t.database.db.select().from(webhookEvents)
    expect(event).toMatchObject({
      provider: 'aircall',
      event: 'call.created',
      providerCallId: '987654321',
      outcome: 'processed',
    })
    expect(event!.payload).toMatchObject({ token: '[redacted]' })
  })

  it('applies the same delivery twice only once, and records the second as a duplicate', async () => {
    await deliver('call.created', T0, callData())
    await deliver('call.answered', T0 + 5, callData({ status: 'answered', answered_at: T0 + 5 }))
    published = []
    await deliver('call.answered', T0 + 5, callData({ status: 'answered', answered_at: T0 + 5 }))
    const rows = await callRows()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'answered', userId: agent.id })
    const outcomes = (await t.database.db.select().from(webhookEvents)).map((e) => e.outcome)
    expect(outcomes.toSorted()).toEqual(['duplicate', 'processed', 'processed'])
    expect(published).toEqual([])
  })

  it('never moves a call back: call.ended before call.answered leaves it ended', async () => {
    await deliver('call.created', T0, callData())
    await deliver(
      'call.ended',
      T0 + 90,
      callData({ status: 'done', answered_at: T0 + 5, ended_at: T0 + 90, duration: 90, user: null }),
    )
    await deliver('call.answered', T0 + 5, callData({ status: 'answered', answered_at: T0 + 5, user: {} }))
    const [row] = await callRows()
    expect(row).toMatchObject({ status: 'ended', userId: agent.id })
    expect(row!.answeredAt!.getTime()).toBe((T0 + 5) * 1000)
    expect(row!.endedAt!.getTime()).toBe((T0 + 90) * 1000)
    expect(row!.sourceUpdatedAt.getTime()).toBe((T0 + 90) * 1000)
  })

  it('marks an unanswered call as missed with its reason', async () => {
    await deliver(
      'call.hungup',
      T0 + 20,
      callData({ status: 'done', ended_at: T0 + 20, missed_call_reason: 'agents_did_not_answer' }),
    )
    await deliver('call.created', T0, callData())
    const [row] = await callRows()
    expect(row).toMatchObject({ status: 'missed', missedReason: 'agents_did_not_answer', answeredAt: null })
  })

  it('detects the lead of an inbound caller from raw digits with spaces, and follows the agent’s call', async () => {
    const { market } = await insertMission(t.database.db, { userIds: [agent.id] })
    const other = await insertLead(t.database.db, market.id, { phone: '+33600000000' })
    const lead = await insertLead(t.database.db, market.id, {
      phone: '+33700000001',
      secondaryPhone: '+33612345678',
    })
    await deliver('call.created', T0, callData({ user: {} }))
    let [row] = await callRows()
    expect(row).toMatchObject({
      direction: 'inbound',
      userId: null,
      detectedLeadId: lead.id,
      phoneNumber: '+33612345678',
    })
    expect(other.id).not.toBe(lead.id)

    await deliver('call.ringing_on_agent', T0 + 1, callData())
    ;[row] = await callRows()
    expect(row).toMatchObject({ status: 'ringing', userId: agent.id })
    expect(published).toContainEqual({
      channel: `user:${agent.id}:ongoing-call:update`,
      data: { callId: row!.id, status: 'ringing' },
    })

    await deliver('call.answered', T0 + 4, callData({ status: 'answered', answered_at: T0 + 4 }))
    const [user] = await t.database.db.select().from(users).where(eq(users.id, agent.id))
    expect(user!.callingLeadId).toBe(lead.id)

    await deliver('call.ended', T0 + 60, callData({ status: 'done', answered_at: T0 + 4, ended_at: T0 + 60 }))
    const [after] = await t.database.db.select().from(users).where(eq(users.id, agent.id))
    expect(after!.callingLeadId).toBeNull()
    expect(published.at(-1)).toEqual({
      channel: `user:${agent.id}:ongoing-call:update`,
      data: { callId: row!.id, status: 'ended' },
    })
  })

  it('once the agent is known, detects only a lead of their missions (issue #17)', async () => {
    const foreign = await insertMission(t.database.db, { name: 'Autre mission' })
    await insertLead(t.database.db, foreign.market.id, { phone: '+33612345678' })
    await deliver('call.created', T0, callData({ user: {} }))
    expect((await callRows())[0]!.detectedLeadId).not.toBeNull()

    await deliver('call.ringing_on_agent', T0 + 1, callData())
    await deliver('call.answered', T0 + 4, callData({ status: 'answered', answered_at: T0 + 4 }))
    const [row] = await callRows()
    expect(row).toMatchObject({ userId: agent.id, detectedLeadId: null, leadId: null })
    const [user] = await t.database.db.select().from(users).where(eq(users.id, agent.id))
    expect(user!.callingLeadId).toBeNull()

    const own = await insertMission(t.database.db, { name: 'Sa mission', userIds: [agent.id] })
    const mine = await insertLead(t.database.db, own.market.id, { phone: '+33612345678' })
    await deliver('call.created', T0, callData({ id: 111, user: {} }))
    await deliver('call.ringing_on_agent', T0 + 1, callData({ id: 111 }))
    const [second] = (await callRows()).filter((call) => call.providerCallId === '111')
    expect(second!.detectedLeadId).toBe(mine.id)
  })

  it('ignores an anonymous caller for lead detection', async () => {
    await deliver('call.created', T0, callData({ raw_digits: 'anonymous' }))
    expect((await callRows())[0]).toMatchObject({ detectedLeadId: null, phoneNumber: 'anonymous' })
  })

  it('ties an outbound call.created to the call our start-outbound created', async () => {
    const { market } = await insertMission(t.database.db)
    const lead = await insertLead(t.database.db, market.id, { phone: '+33612345678' })
    const startedAt = new Date(T0 * 1000)
    const [older] = await t.database.db
      .insert(calls)
      .values({
        provider: 'aircall',
        providerCallId: `${PENDING_PREFIX}old`,
        direction: 'outbound',
        status: 'initial',
        userId: agent.id,
        leadId: lead.id,
        phoneNumber: '+33612345678',
        numberId: '77',
        startedAt: new Date((T0 - 600) * 1000),
        sourceUpdatedAt: new Date((T0 - 600) * 1000),
      })
      .returning()
    const [pending] = await t.database.db
      .insert(calls)
      .values({
        provider: 'aircall',
        providerCallId: `${PENDING_PREFIX}new`,
        direction: 'outbound',
        status: 'initial',
        userId: agent.id,
        leadId: lead.id,
        phoneNumber: '+33612345678',
        numberId: '77',
        startedAt,
        sourceUpdatedAt: startedAt,
      })
      .returning()
    await deliver('call.created', T0 + 1, callData({ direction: 'outbound', started_at: T0 + 1 }))
    await deliver(
      'call.answered',
      T0 + 8,
      callData({ direction: 'outbound', status: 'answered', answered_at: T0 + 8 }),
    )
    const rows = await callRows()
    expect(rows).toHaveLength(2)
    const tied = rows.find((r) => r.id === pending!.id)
    expect(tied).toMatchObject({
      providerCallId: '987654321',
      status: 'answered',
      leadId: lead.id,
      userId: agent.id,
    })
    expect(rows.find((r) => r.id === older!.id)?.providerCallId).toBe(`${PENDING_PREFIX}old`)
  })

  it('records events it does not use as ignored, and bad call data as an error', async () => {
    expect((await deliver('user.opened', T0, { id: 4242 })).statusCode).toBe(200)
    await deliver('call.created', T0, { id: 1, direction: 'sideways' })
    const events = await t.database.db.select().from(webhookEvents).orderBy(webhookEvents.id)
    expect(events.map((e) => [e.event, e.outcome])).toEqual([
      ['user.opened', 'ignored'],
      ['call.created', 'error'],
    ])
    expect(await callRows()).toEqual([])
  })
})
