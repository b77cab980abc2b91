// Issue #15 "Telephony webhook status": the figures after a scripted set of deliveries (good, bad
// token, failed processing), the deliveries list and its filters, the token never shown, and the
// replay of a failed delivery (a processed one is refused).
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import type { WebhookDeliveryList, WebhookReplay, WebhookStatus } from '../../../src/contracts/webhooks.ts'
import { insertUser } from '../../../tests/factories/users.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { calls, webhookEvents } from '../../db/schema.ts'

const TOKEN = 'webhook-status-secret'
const t = signedInServer({
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' } },
  config: {
    telephonyProvider: 'aircall',
    aircall: { apiId: 'id', apiToken: 'token', apiUrl: 'http://127.0.0.1:9', webhookToken: TOKEN },
  },
})
const { admin } = t.agents
const T0 = Math.floor(Date.now() / 1000) - 60

function callData(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    direction: 'inbound',
    status: 'initial',
    started_at: T0,
    answered_at: null,
    ended_at: null,
    duration: 0,
    raw_digits: '+33 6 12 34 56 78',
    missed_call_reason: null,
    user: { id: 5151, email: 'agent@test.fr' },
    number: { id: 77, digits: '+33 1 76 36 06 95' },
    ...overrides,
  }
}

async function deliver(event: string, data: unknown, token = TOKEN, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/aircall',
    remoteAddress,
    payload: { resource: 'call', event, timestamp: T0, token, data },
  })
  await t.app.telephony.idle()
  return res
}

/** Two good deliveries, one unknown event, three bad-token ones from two addresses, one failure. */
async function script() {
  expect((await deliver('call.created', callData(1001))).statusCode).toBe(200)
  expect(
    (await deliver('call.answered', callData(1001, { status: 'answered', answered_at: T0 + 5 }))).statusCode,
  ).toBe(200)
  expect((await deliver('contact.created', { id: 3 })).statusCode).toBe(200)
  expect((await deliver('call.created', callData(1002), 'wrong', '203.0.113.7')).statusCode).toBe(401)
  expect((await deliver('call.created', callData(1003), 'wrong', '203.0.113.7')).statusCode).toBe(401)
  expect((await deliver('call.ended', callData(1004), 'wrong', '198.51.100.9')).statusCode).toBe(401)
  // Processing fails: the call's data lacks its direction.
  expect((await deliver('call.created', { id: 1005, status: 'initial' })).statusCode).toBe(200)
}

async function failedId() {
  const [row] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.outcome, 'error'))
  return row!.id
}

beforeEach(async () => {
  await t.database.db.delete(webhookEvents)
  await t.database.db.delete(calls)
  await insertUser(t.database.db, { aircallId: 5151 })
})

describe('GET /api/webhooks/status', () => {
  it('reports the token, last deliveries, hours, lag, refused addresses and failures', async () => {
    await script()
    const res = await admin.request({ method: 'GET', url: '/api/webhooks/status' })
    expect(res.statusCode).toBe(200)
    const status = res.json<WebhookStatus>()
    expect(status.tokenConfigured).toBe(true)
    expect(status.lastByEvent.map((one) => one.event).sort()).toEqual([
      'call.answered',
      'call.created',
      'contact.created',
    ])
    expect(status.perHour).toHaveLength(24)
    // Summed over the hours: the script may straddle the turn of an hour.
    const sum = (key: 'total' | 'rejected' | 'failed') =>
      status.perHour.reduce((total, hour) => total + hour[key], 0)
    expect([sum('total'), sum('rejected'), sum('failed')]).toEqual([7, 3, 1])
    // Processed, ignored and failed deliveries have a processing time; rejected ones do not.
    expect(status.lag.count).toBe(4)
    expect(status.lag.p50Ms).toBeGreaterThanOrEqual(0)
    expect(status.lag.p95Ms).toBeGreaterThanOrEqual(status.lag.p50Ms!)
    expect(status.rejected.count).toBe(3)
    expect(status.rejected.addresses).toEqual([
      expect.objectContaining({ address: '203.0.113.7', count: 2 }),
      expect.objectContaining({ address: '198.51.100.9', count: 1 }),
    ])
    expect(status.failures.count).toBe(1)
    expect(status.failures.items[0]).toMatchObject({ event: 'call.created' })
    expect(status.failures.items[0]!.error).toMatch(/Données d’appel illisibles/)
  })

  it('says when no token is configured and nothing was received', async () => {
    const before = t.app.config.aircall.webhookToken
    t.app.config.aircall.webhookToken = undefined
    try {
      const status = (
        await admin.request({ method: 'GET', url: '/api/webhooks/status' })
      ).json<WebhookStatus>()
      expect(status.tokenConfigured).toBe(false)
      expect(status.lag).toEqual({ p50Ms: null, p95Ms: null, count: 0 })
      expect(status.lastByEvent).toEqual([])
    } finally {
      t.app.config.aircall.webhookToken = before
    }
  })
})

describe('GET /api/webhooks/deliveries', () => {
  it('lists the newest first, filtered by type and state, with the token redacted', async () => {
    await script()
    const all = (
      await admin.request({ method: 'GET', url: '/api/webhooks/deliveries' })
    ).json<WebhookDeliveryList>()
    expect(all.total).toBe(7)
    expect(all.types).toEqual(['call.answered', 'call.created', 'call.ended', 'contact.created'])
    const text = JSON.stringify(all)
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain('"wrong"')
    const accepted = all.items.filter((one) => one.outcome !== 'rejected')
    expect(accepted.every((one) => one.payload.token === '[redacted]')).toBe(true)
    // A rejected delivery keeps its metadata only.
    const rejected = all.items.filter((one) => one.outcome === 'rejected')
    expect(rejected[0]!.payload).toEqual({ size: expect.any(Number), address: expect.any(String) })

    const created = (
      await admin.request({ method: 'GET', url: '/api/webhooks/deliveries?type=call.created' })
    ).json<WebhookDeliveryList>()
    expect(created.total).toBe(4)
    const refused = (
      await admin.request({ method: 'GET', url: '/api/webhooks/deliveries?type=call.created&state=rejected' })
    ).json<WebhookDeliveryList>()
    expect(refused.total).toBe(2)
    expect(refused.items.every((one) => one.outcome === 'rejected')).toBe(true)
    const page2 = (
      await admin.request({ method: 'GET', url: '/api/webhooks/deliveries?page=2' })
    ).json<WebhookDeliveryList>()
    expect(page2).toMatchObject({ page: 2, total: 7, items: [] })
    expect(
      (await admin.request({ method: 'GET', url: '/api/webhooks/deliveries?state=nope' })).statusCode,
    ).toBe(400)
  })

  it('redacts a token even in a row recorded by another path', async () => {
    await t.database.db.insert(webhookEvents).values({
      provider: 'aircall',
      event: 'call.created',
      dedupeKey: 'legacy-row',
      outcome: 'processed',
      payload: { event: 'call.created', token: 'legacy-secret' },
    })
    const list = (
      await admin.request({ method: 'GET', url: '/api/webhooks/deliveries' })
    ).json<WebhookDeliveryList>()
    expect(JSON.stringify(list)).not.toContain('legacy-secret')
  })
})

describe('POST /api/webhooks/deliveries/:id/replay', () => {
  it('re-runs processing of a failed delivery, then refuses it as already processed', async () => {
    await script()
    const id = await failedId()
    // The cause was transient: the recorded payload is now one processing accepts.
    const [row] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))
    await t.database.db
      .update(webhookEvents)
      .set({ payload: { ...row!.payload, data: callData(1005) } })
      .where(eq(webhookEvents.id, id))

    const res = await admin.request({ method: 'POST', url: `/api/webhooks/deliveries/${id}/replay` })
    expect(res.statusCode).toBe(200)
    const { delivery } = res.json<WebhookReplay>()
    expect(delivery).toMatchObject({ id, outcome: 'processed', error: null })
    expect(delivery.processedAt).not.toBeNull()
    const replayed = await t.database.db.select().from(calls).where(eq(calls.providerCallId, '1005'))
    expect(replayed).toHaveLength(1)

    const again = await admin.request({ method: 'POST', url: `/api/webhooks/deliveries/${id}/replay` })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe(
      'Seule une réception dont le traitement a échoué peut être rejouée.',
    )
    expect(await t.database.db.select().from(calls).where(eq(calls.providerCallId, '1005'))).toHaveLength(1)
  })

  it('records a failure again when the replay fails, and answers 404 for an unknown delivery', async () => {
    await script()
    const id = await failedId()
    const res = await admin.request({ method: 'POST', url: `/api/webhooks/deliveries/${id}/replay` })
    expect(res.statusCode).toBe(200)
    expect(res.json<WebhookReplay>().delivery).toMatchObject({
      outcome: 'error',
      error: expect.stringMatching(/illisibles/),
    })
    const missing = await admin.request({ method: 'POST', url: '/api/webhooks/deliveries/999999/replay' })
    expect(missing.statusCode).toBe(404)
  })

  it('refuses a manager', async () => {
    await script()
    const id = await failedId()
    const res = await t.agents.manager.request({
      method: 'POST',
      url: `/api/webhooks/deliveries/${id}/replay`,
    })
    expect(res.statusCode).toBe(403)
    expect(
      (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!.outcome,
    ).toBe('error')
  })
})
