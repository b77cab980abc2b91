import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAircall, type FakeAircall } from '../../tests/fakes/aircall-server.ts'
import { HttpError } from '../lib/http-error.ts'
import { createAircallClient } from './aircall-client.ts'
import { OUTCOME_UNKNOWN } from './provider.ts'

let fake: FakeAircall

beforeAll(async () => {
  fake = await startFakeAircall()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.requests = []
  fake.delaySms(0)
  fake.setRateLimit(60, 60)
  fake.users = Array.from({ length: 73 }, (_, i) => ({
    id: i + 1,
    email: `agent${i + 1}@test.fr`,
    name: `Agent ${i + 1}`,
  }))
  fake.numbers = [{ id: 501, name: 'Ligne Paris', digits: '+33 1 76 36 06 95', userIds: [1, 2] }]
})

function client(overrides: Partial<Parameters<typeof createAircallClient>[0]> = {}) {
  return createAircallClient({ apiId: fake.apiId, apiToken: fake.apiToken, apiUrl: fake.url, ...overrides })
}

describe('Aircall client', () => {
  it('starts an outbound call with Basic auth and an E.164 destination (204)', async () => {
    await client().startOutbound({ aircallUserId: 1, numberId: 501, to: '+33612345678' })
    const request = fake.requests.at(-1)!
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/users/1/calls',
      body: { number_id: 501, to: '+33612345678' },
    })
    expect(request.authorization).toBe(
      `Basic ${Buffer.from('fake-api-id:fake-api-token').toString('base64')}`,
    )
  })

  it('reads every page of users (per_page 50) and the numbers', async () => {
    const users = await client().listUsers()
    expect(users).toHaveLength(73)
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/v1/users?page=1&per_page=50',
      '/v1/users?page=2&per_page=50',
    ])
    const numbers = await client().listNumbers()
    expect(numbers).toEqual([expect.objectContaining({ id: 501, digits: '+33 1 76 36 06 95' })])
  })

  it('turns refusals into French errors', async () => {
    const refused = client().startOutbound({ aircallUserId: 3, numberId: 501, to: '+33612345678' })
    await expect(refused).rejects.toThrow(/Aircall Workspace/)
    await expect(refused).rejects.toBeInstanceOf(HttpError)
    await expect(
      client().startOutbound({ aircallUserId: 999, numberId: 501, to: '+33612345678' }),
    ).rejects.toThrow(/Compte Aircall introuvable/)
    await expect(client({ apiToken: 'wrong' }).listUsers()).rejects.toThrow(/Identifiants Aircall refusés/)
    await expect(client({ apiToken: undefined }).listUsers()).rejects.toThrow(/n’est pas configurée/)
  })

  it('waits for the rate-limit reset after a 429, then retries', async () => {
    fake.setRateLimit(0, 1)
    const waits: number[] = []
    const started = Date.now()
    await client({ sleep: (ms) => (waits.push(ms), new Promise((r) => setTimeout(r, ms))) }).listNumbers()
    expect(fake.requests.length).toBe(2)
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThan(0)
    expect(waits[0]).toBeLessThanOrEqual(1000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(waits[0]! - 5)
  })

  it('does not send another request once the window is exhausted, and gives up on a long wait', async () => {
    fake.setRateLimit(1, 120)
    const aircall = client({ maxWaitMs: 5_000 })
    await aircall.listNumbers()
    await expect(aircall.listNumbers()).rejects.toThrow(/Limite de requêtes Aircall/)
    expect(fake.requests.length).toBe(1)
  })

  it('tells a send Aircall may have taken (no answer in time) from one it never received', async () => {
    const sms = { numberId: 501, to: '+33612345678', body: 'Bonjour' }
    fake.delaySms(1_000)
    const late = client({ timeoutMs: 200 }).sendSms(sms)
    await expect(late).rejects.toMatchObject({ code: OUTCOME_UNKNOWN, message: /Aircall ne répond pas/ })
    expect(fake.messages.at(-1)).toMatchObject({ to: '+33612345678' })

    // A port nothing listens on: the connection is refused before any request leaves.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const refused = client({ apiUrl: `http://127.0.0.1:${port}` }).sendSms(sms)
    await expect(refused).rejects.toMatchObject({ code: 'TELEPHONY_ERROR' })
  })
})
