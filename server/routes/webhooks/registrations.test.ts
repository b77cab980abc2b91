// Issue #15, the check of Aircall's side: the webhooks registered on the Aircall account (the local
// fake of its API), the product's own one recognised by its URL, and the call events it lacks; with
// the simulator, no account to check.
import { AIRCALL_PRODUCT_EVENTS } from '../../../src/contracts/call.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookRegistrations } from '../../../src/contracts/webhooks.ts'
import { startFakeAircall, type FakeAircall } from '../../../tests/fakes/aircall-server.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'

let fake: FakeAircall
beforeAll(async () => {
  fake = await startFakeAircall()
})
afterAll(() => fake.close())

const PUBLIC_URL = 'https://centre.example.fr'
const t = signedInServer({
  config: () => ({
    telephonyProvider: 'aircall',
    publicUrl: PUBLIC_URL,
    aircall: { apiId: fake.apiId, apiToken: fake.apiToken, apiUrl: fake.url, webhookToken: 'tok' },
  }),
  users: { admin: { role: 'ADMIN' } },
})

async function registrations(): Promise<WebhookRegistrations> {
  const res = await t.agents.admin.request({ method: 'GET', url: '/api/webhooks/aircall-registrations' })
  expect(res.statusCode).toBe(200)
  return res.json<WebhookRegistrations>()
}

describe('GET /api/webhooks/aircall-registrations', () => {
  it('lists the account’s webhooks, recognises the product’s and names the call and message events it lacks', async () => {
    fake.webhooks = [
      {
        webhook_id: 'a1',
        url: 'https://crm.example.com/hook',
        active: true,
        events: [],
        custom_name: 'CRM',
      },
      {
        webhook_id: 'b2',
        url: `${PUBLIC_URL}/api/webhooks/aircall?key=abc`,
        active: true,
        events: ['call.created', 'call.answered', 'call.ended'],
        custom_name: 'Centre',
      },
    ]
    const found = await registrations()
    expect(found.provider).toBe('aircall')
    expect(found.expectedUrl).toBe(`${PUBLIC_URL}/api/webhooks/aircall`)
    expect(found.webhooks.map((one) => [one.id, one.ours])).toEqual([
      ['a1', false],
      ['b2', true],
    ])
    expect(found.missingEvents).toEqual([
      'call.ringing_on_agent',
      'call.hungup',
      'call.voicemail_left',
      'message.sent',
      'message.received',
      'message.status_updated',
    ])
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/webhooks?page=1&per_page=50' })
  })

  it('lacks every call and message event when the product’s webhook is missing or disabled, none when it takes all', async () => {
    fake.webhooks = [
      {
        webhook_id: 'c3',
        url: `${PUBLIC_URL}/api/webhooks/aircall`,
        active: false,
        events: [],
        custom_name: '',
      },
    ]
    expect((await registrations()).missingEvents).toEqual([...AIRCALL_PRODUCT_EVENTS])
    fake.webhooks = [{ ...fake.webhooks[0]!, active: true }]
    expect((await registrations()).missingEvents).toEqual([])
  })
})

describe('with the simulator', () => {
  const sim = signedInServer({ users: { admin: { role: 'ADMIN' } } })
  it('says there is no Aircall account to check', async () => {
    const res = await sim.agents.admin.request({ method: 'GET', url: '/api/webhooks/aircall-registrations' })
    expect(res.statusCode).toBe(200)
    expect(res.json<WebhookRegistrations>()).toMatchObject({ provider: 'simulator', webhooks: [] })
  })
})
