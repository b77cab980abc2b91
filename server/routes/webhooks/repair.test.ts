// Issue #15 "Check and repair Aircall's side": the product's webhook created on the Aircall account
// (the local fake of its API) when missing, its token then accepted beside AIRCALL_WEBHOOK_TOKEN, the
// missing call events added to an existing one; never two webhooks for two clicks at once; a webhook
// whose token could not be kept deleted at Aircall again.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { AIRCALL_PRODUCT_EVENTS } from '../../../src/contracts/call.ts'
import type { WebhookRegistrations, WebhookStatus } from '../../../src/contracts/webhooks.ts'
import { startFakeAircall, type FakeAircall } from '../../../tests/fakes/aircall-server.ts'
import { signedInServer } from '../../../tests/setup/signed-in-server.ts'
import { aircallWebhookTokens, auditEntries } from '../../db/schema.ts'
import { PRODUCT_WEBHOOK_NAME, REPAIR_MESSAGES } from '../../domain/webhooks/repair.ts'

let fake: FakeAircall
beforeAll(async () => {
  fake = await startFakeAircall()
})
afterAll(() => fake.close())

const PUBLIC_URL = 'https://centre.example.fr'
const ENV_TOKEN = 'environment-webhook-token'
const EXPECTED_URL = `${PUBLIC_URL}/api/webhooks/aircall`
/** The app's warnings and errors (pino JSON): a withdrawn webhook is told there, without its token. */
const logLines: Record<string, unknown>[] = []
const t = signedInServer({
  build: { logStream: { write: (line) => logLines.push(JSON.parse(line) as Record<string, unknown>) } },
  config: () => ({
    logLevel: 'warn',
    telephonyProvider: 'aircall',
    publicUrl: PUBLIC_URL,
    aircall: {
      apiId: fake.apiId,
      apiToken: fake.apiToken,
      apiUrl: fake.url,
      webhookToken: ENV_TOKEN,
      webhookMaxAgeMs: 24 * 3_600_000,
    },
  }),
  users: { admin: { role: 'ADMIN' }, manager: { role: 'MANAGER' } },
})

beforeEach(() => {
  fake.webhooks = [
    {
      webhook_id: 'other',
      url: 'https://crm.example.com/hook',
      active: true,
      events: [],
      custom_name: 'CRM',
    },
  ]
  fake.requests = []
  logLines.length = 0
})

function repair(action: 'create' | 'complete', as = t.agents.admin) {
  return as.request({ method: 'POST', url: `/api/webhooks/aircall-registrations/${action}` })
}

async function deliver(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/aircall',
    payload: {
      resource: 'user',
      event: 'user.opened.v2',
      timestamp: Math.floor(Date.now() / 1000),
      token,
      data: { id: 1 },
    },
  })
  await t.app.telephony.idle()
  return res.statusCode
}

describe('POST /api/webhooks/aircall-registrations/create', () => {
  it('creates the product’s webhook with the call events, keeps only its token’s hash and accepts it', async () => {
    const res = await repair('create')
    expect(res.statusCode).toBe(200)
    const after = res.json<WebhookRegistrations>()
    expect(after.repair).toBeNull()
    expect(after.missingEvents).toEqual([])
    expect(after.webhooks.find((one) => one.ours)).toMatchObject({ url: EXPECTED_URL, active: true })
    expect(JSON.stringify(after)).not.toContain('token')

    const creation = fake.requests.find((one) => one.method === 'POST' && one.path === '/v1/webhooks')
    expect(creation?.body).toEqual({
      custom_name: PRODUCT_WEBHOOK_NAME,
      url: EXPECTED_URL,
      events: [...AIRCALL_PRODUCT_EVENTS],
    })
    const created = fake.webhooks.find((one) => one.url === EXPECTED_URL)!
    const [row] = await t.database.db.select().from(aircallWebhookTokens)
    expect(row).toMatchObject({ webhookId: created.webhook_id, createdBy: t.users.admin.id })
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row!.tokenHash).not.toContain(created.token!)

    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'aircallWebhook'), eq(auditEntries.entityId, row!.id)))
    expect(audit).toMatchObject({ action: 'create', userId: t.users.admin.id })

    // The created webhook's token, the environment's token: accepted; any other: refused.
    expect(await deliver(created.token!)).toBe(200)
    expect(await deliver(ENV_TOKEN)).toBe(200)
    expect(await deliver('not-the-token')).toBe(401)

    // Created: the page offers nothing more, and a second creation is refused.
    const again = await repair('create')
    expect(again.statusCode).toBe(409)
    expect(again.json().error.message).toBe(REPAIR_MESSAGES.exists)
    expect(fake.webhooks.filter((one) => one.url === EXPECTED_URL)).toHaveLength(1)
  })

  it('creates one webhook for two administrators clicking at once', async () => {
    const other = await t.signIn(t.users.admin.email)
    await t.agents.admin.request({ method: 'GET', url: '/api/user/me' })
    await other.request({ method: 'GET', url: '/api/user/me' })
    const answers = await Promise.all([repair('create'), repair('create', other)])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409])
    expect(fake.webhooks.filter((one) => one.url === EXPECTED_URL)).toHaveLength(1)
    expect(fake.requests.filter((one) => one.method === 'POST')).toHaveLength(1)
    const rows = await t.database.db.select().from(aircallWebhookTokens)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.webhookId).not.toBeNull()
  })

  it('counts a created webhook’s token as configured on the status page', async () => {
    await t.database.db
      .insert(aircallWebhookTokens)
      .values({ webhookId: 'w1', url: EXPECTED_URL, tokenHash: 'ab'.repeat(32) })
    const res = await t.agents.admin.request({ method: 'GET', url: '/api/webhooks/status' })
    expect(res.json<WebhookStatus>().tokenConfigured).toBe(true)
  })

  it('is for administrators only', async () => {
    expect((await repair('create', t.agents.manager)).statusCode).toBe(403)
    expect(fake.requests).toEqual([])
  })
})

describe('a creation whose token cannot be kept', () => {
  /** Fails the transaction that keeps the created webhook's token; answers that token. */
  function failKeepingToken() {
    const { db } = t.app.database
    const transaction = db.transaction.bind(db)
    const seen: { token?: string } = {}
    const spy = vi.spyOn(db, 'transaction').mockImplementation(((...args: Parameters<typeof transaction>) => {
      const created = fake.webhooks.find((one) => one.url === EXPECTED_URL)
      if (!created || seen.token) return transaction(...args)
      seen.token = created.token
      return Promise.reject(new Error('database unavailable'))
    }) as typeof transaction)
    return { seen, restore: () => spy.mockRestore() }
  }

  it('deletes the webhook at Aircall again, logs its id but not its token, and can be created again', async () => {
    const failing = failKeepingToken()
    const res = await repair('create').finally(failing.restore)
    expect(res.statusCode).toBe(500)
    const deletion = fake.requests.find((one) => one.method === 'DELETE')
    expect(deletion?.path).toMatch(/^\/v1\/webhooks\/[\w-]+$/)
    const webhookId = deletion!.path.split('/').at(-1)
    expect(fake.webhooks.filter((one) => one.url === EXPECTED_URL)).toEqual([])
    expect(await t.database.db.select().from(aircallWebhookTokens)).toEqual([])
    expect(logLines.filter((line) => line.webhookId === webhookId)).toMatchObject([{ level: 40 }])
    expect(failing.seen.token).toBeTruthy()
    expect(JSON.stringify(logLines)).not.toContain(failing.seen.token)

    const listed = await t.agents.admin.request({ method: 'GET', url: '/api/webhooks/aircall-registrations' })
    expect(listed.json<WebhookRegistrations>().repair).toBe('create')
    expect((await repair('create')).statusCode).toBe(200)
    const created = fake.webhooks.find((one) => one.url === EXPECTED_URL)!
    expect(await deliver(created.token!)).toBe(200)
  })

  it('logs the webhook’s id as an error when Aircall refuses to delete it', async () => {
    fake.failWebhookDeletes(1)
    const failing = failKeepingToken()
    const res = await repair('create').finally(failing.restore)
    expect(res.statusCode).toBe(500)
    const [left] = fake.webhooks.filter((one) => one.url === EXPECTED_URL)
    expect(left).toBeDefined()
    expect(logLines.filter((line) => line.webhookId === left!.webhook_id)).toMatchObject([
      { level: 50, msg: expect.stringContaining('dashboard') },
    ])
    expect(JSON.stringify(logLines)).not.toContain(left!.token)
    expect(await t.database.db.select().from(aircallWebhookTokens)).toEqual([])
  })
})

describe('POST /api/webhooks/aircall-registrations/complete', () => {
  it('adds the call events an existing webhook of ours lacks, keeping the others', async () => {
    fake.webhooks.push({
      webhook_id: 'ours',
      url: `${EXPECTED_URL}?key=abc`,
      active: true,
      events: ['call.created', 'user.opened.v2'],
      custom_name: 'Centre',
    })
    const listed = await t.agents.admin.request({ method: 'GET', url: '/api/webhooks/aircall-registrations' })
    expect(listed.json<WebhookRegistrations>().repair).toBe('complete')
    expect((await repair('create')).statusCode).toBe(409)

    const res = await repair('complete')
    expect(res.statusCode).toBe(200)
    expect(res.json<WebhookRegistrations>()).toMatchObject({ repair: null, missingEvents: [] })
    const put = fake.requests.find((one) => one.method === 'PUT')
    expect(put).toMatchObject({ path: '/v1/webhooks/ours' })
    expect((put!.body as { events: string[] }).events.sort()).toEqual(
      ['user.opened.v2', ...AIRCALL_PRODUCT_EVENTS].sort(),
    )
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entity, 'aircallWebhook'))
    expect(audits.map((one) => one.action)).toEqual(['update'])
    const again = await repair('complete')
    expect(again.json().error.message).toBe(REPAIR_MESSAGES.nothingMissing)
  })
})

// Last: the client keeps Aircall's rate-limit window, so the refusal would block the tests after it.
describe('when Aircall refuses', () => {
  it('answers 502 in French and keeps nothing', async () => {
    fake.setRateLimit(0, 3600)
    const refused = await repair('create')
    fake.setRateLimit(60, 60)
    expect(refused.statusCode).toBe(502)
    expect(refused.json().error.message).toMatch(/Aircall/)
    expect(await t.database.db.select().from(aircallWebhookTokens)).toEqual([])
    expect(fake.webhooks).toHaveLength(1)
  })
})

describe('with the simulator', () => {
  const sim = signedInServer({ users: { admin: { role: 'ADMIN' } } })
  it('offers no repair and refuses one in French', async () => {
    const listed = await sim.agents.admin.request({
      method: 'GET',
      url: '/api/webhooks/aircall-registrations',
    })
    expect(listed.json<WebhookRegistrations>().repair).toBeNull()
    const res = await sim.agents.admin.request({
      method: 'POST',
      url: '/api/webhooks/aircall-registrations/create',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.message).toBe(REPAIR_MESSAGES.simulator)
  })
})
