// A local fake of Aircall's documented Public API behaviour (never the internet): Basic auth (401
// otherwise), paginated {<resource>, meta} lists (numbers, users, webhooks) with per_page ≤ 50, POST /v1/users/:id/calls → 204
// (no body), {error, troubleshoot} error bodies, X-AircallApi-* rate-limit headers and 429 when the
// window is exhausted. Webhooks (issue #15): GET, POST /v1/webhooks (201, the webhook with its own
// random token; 400 without an https URL or with events that are not strings) and
// PUT /v1/webhooks/:id (its events replaced; every event when none is given, as Aircall does),
// DELETE /v1/webhooks/:id (204; 404 when unknown; `failWebhookDeletes` makes the next ones answer 500).
// Messaging (issue #15): POST /v1/numbers/:id/messages/native/send (agent-conversation mode) → 200
// with the message object (id, status "pending", direction, raw_digits, body, number, created_at in
// ms); `failSms` makes the next sends answer 422; `delaySms` makes Aircall slow: it takes the message
// (in `messages` at once) and answers that much later (after a client's timeout if longer), or when a
// test's promise settles.
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeNumber = { id: number; name: string; digits: string; userIds: number[] }
export type FakeUser = { id: number; email: string; name: string }
/** A webhook registered on the account (GET /v1/webhooks). */
export type FakeWebhook = {
  webhook_id: string
  url: string
  active: boolean
  events: string[]
  custom_name: string
  /** Aircall's token of this webhook, put in the body of each of its deliveries. */
  token?: string
}
/** An SMS the fake accepted. */
export type FakeMessage = { id: string; numberId: number; to: string; body: string }
export type FakeRequest = { method: string; path: string; body: unknown; authorization: string | undefined }

export type FakeAircall = {
  url: string
  apiId: string
  apiToken: string
  numbers: FakeNumber[]
  users: FakeUser[]
  webhooks: FakeWebhook[]
  requests: FakeRequest[]
  messages: FakeMessage[]
  /** The next `count` SMS sends fail with 422. */
  failSms: (count: number) => void
  /** Each SMS send is taken at once and answered `wait` ms later (0: at once), or once `wait` settles. */
  delaySms: (wait: number | Promise<unknown>) => void
  /** The next `count` webhook deletions fail with 500 (the webhook stays). */
  failWebhookDeletes: (count: number) => void
  /** Requests allowed before 429s in the current window; the window resets `resetInSeconds` later. */
  setRateLimit: (remaining: number, resetInSeconds: number) => void
  close: () => Promise<void>
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  if (!chunks.length) return undefined
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return null
  }
}

export async function startFakeAircall(): Promise<FakeAircall> {
  const apiId = 'fake-api-id'
  const apiToken = 'fake-api-token'
  const expectedAuth = `Basic ${Buffer.from(`${apiId}:${apiToken}`).toString('base64')}`
  const limit = 60
  let remaining = limit
  let resetAt = Math.ceil(Date.now() / 1000) + 60

  const state = {
    numbers: [] as FakeNumber[],
    users: [] as FakeUser[],
    webhooks: [] as FakeWebhook[],
    requests: [] as FakeRequest[],
    messages: [] as FakeMessage[],
    smsFailures: 0,
    smsDelay: 0 as number | Promise<unknown>,
    deleteFailures: 0,
  }

  function page(
    res: ServerResponse,
    url: URL,
    key: 'numbers' | 'users' | 'webhooks',
    headers: Record<string, string>,
  ) {
    const pageNo = Number(url.searchParams.get('page') ?? '1')
    const perPage = Number(url.searchParams.get('per_page') ?? '20')
    if (!(perPage >= 1 && perPage <= 50) || !(pageNo >= 1))
      return send(res, 400, { error: 'Invalid pagination', troubleshoot: 'per_page must be 1..50' }, headers)
    const all =
      key === 'numbers'
        ? state.numbers.map((n) => ({
            id: n.id,
            direct_link: `${fake.url}/v1/numbers/${n.id}`,
            name: n.name,
            digits: n.digits,
            country: 'FR',
            time_zone: 'Europe/Paris',
            users: n.userIds.map((id) => ({ id })),
          }))
        : key === 'users'
          ? state.users.map((u) => ({ ...u, direct_link: `${fake.url}/v1/users/${u.id}`, available: true }))
          : state.webhooks.map((w) => ({ ...w, direct_link: `${fake.url}/v1/webhooks/${w.webhook_id}` }))
    const items = all.slice((pageNo - 1) * perPage, pageNo * perPage)
    const hasNext = pageNo * perPage < all.length
    const link = (p: number) => `${fake.url}/v1/${key}?page=${p}&per_page=${perPage}`
    send(
      res,
      200,
      {
        [key]: items,
        meta: {
          count: items.length,
          total: all.length,
          current_page: pageNo,
          per_page: perPage,
          next_page_link: hasNext ? link(pageNo + 1) : null,
          previous_page_link: pageNo > 1 ? link(pageNo - 1) : null,
        },
      },
      headers,
    )
  }

  function eventsOf(value: unknown): string[] | null {
    if (value === undefined || value === null) return []
    return Array.isArray(value) && value.every((one) => typeof one === 'string') ? value : null
  }

  function webhookBody(webhook: FakeWebhook) {
    return {
      ...webhook,
      direct_link: `${fake.url}/v1/webhooks/${webhook.webhook_id}`,
      created_at: new Date().toISOString(),
    }
  }

  function createWebhook(res: ServerResponse, body: unknown, headers: Record<string, string>) {
    const payload = (body ?? {}) as { url?: unknown; custom_name?: unknown; events?: unknown }
    const events = eventsOf(payload.events)
    if (typeof payload.url !== 'string' || !payload.url.startsWith('https://') || events === null)
      return send(res, 400, { error: 'Invalid payload', troubleshoot: 'url (https) and events' }, headers)
    const webhook: FakeWebhook = {
      webhook_id: randomUUID(),
      url: payload.url,
      active: true,
      events,
      custom_name: typeof payload.custom_name === 'string' ? payload.custom_name : '',
      token: randomBytes(16).toString('hex'),
    }
    state.webhooks.push(webhook)
    send(res, 201, { webhook: webhookBody(webhook) }, headers)
  }

  function updateWebhook(res: ServerResponse, id: string, body: unknown, headers: Record<string, string>) {
    const webhook = state.webhooks.find((one) => one.webhook_id === id)
    if (!webhook) return send(res, 404, { error: 'Not found', troubleshoot: 'Unknown webhook' }, headers)
    const events = eventsOf((body as { events?: unknown } | null)?.events)
    if (events === null) return send(res, 400, { error: 'Invalid events', troubleshoot: 'strings' }, headers)
    webhook.events = events
    send(res, 200, { webhook: webhookBody(webhook) }, headers)
  }

  function deleteWebhook(res: ServerResponse, id: string, headers: Record<string, string>) {
    if (!state.webhooks.some((one) => one.webhook_id === id))
      return send(res, 404, { error: 'Not found', troubleshoot: 'Unknown webhook' }, headers)
    if (state.deleteFailures > 0) {
      state.deleteFailures -= 1
      return send(res, 500, { error: 'Internal error', troubleshoot: 'Retry later' }, headers)
    }
    state.webhooks = state.webhooks.filter((one) => one.webhook_id !== id)
    send(res, 204, undefined, headers)
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const body = await readBody(req)
      state.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        authorization: req.headers.authorization,
      })
      const nowSec = Math.floor(Date.now() / 1000)
      if (nowSec >= resetAt) {
        remaining = limit
        resetAt = nowSec + 60
      }
      if (remaining <= 0) {
        const headers = {
          'x-aircallapi-limit': String(limit),
          'x-aircallapi-remaining': '0',
          'x-aircallapi-reset': String(resetAt),
        }
        return send(
          res,
          429,
          { error: 'Too Many Requests', troubleshoot: 'Wait for the rate limit reset' },
          headers,
        )
      }
      remaining -= 1
      const headers = {
        'x-aircallapi-limit': String(limit),
        'x-aircallapi-remaining': String(remaining),
        'x-aircallapi-reset': String(resetAt),
      }
      if (req.headers.authorization !== expectedAuth)
        return send(
          res,
          401,
          { error: 'Unauthorized', troubleshoot: 'Check your api_id and api_token' },
          headers,
        )
      if (req.method === 'GET' && url.pathname === '/v1/numbers') return page(res, url, 'numbers', headers)
      if (req.method === 'GET' && url.pathname === '/v1/users') return page(res, url, 'users', headers)
      if (req.method === 'GET' && url.pathname === '/v1/webhooks') return page(res, url, 'webhooks', headers)
      if (req.method === 'POST' && url.pathname === '/v1/webhooks') return createWebhook(res, body, headers)
      const webhookPath = /^\/v1\/webhooks\/([\w-]+)$/.exec(url.pathname)
      if (req.method === 'PUT' && webhookPath) return updateWebhook(res, webhookPath[1]!, body, headers)
      if (req.method === 'DELETE' && webhookPath) return deleteWebhook(res, webhookPath[1]!, headers)
      const call = /^\/v1\/users\/(\d+)\/calls$/.exec(url.pathname)
      if (req.method === 'POST' && call) {
        const userId = Number(call[1])
        if (!state.users.some((u) => u.id === userId))
          return send(res, 404, { error: 'Not found', troubleshoot: 'Unknown user' }, headers)
        const payload = body as { number_id?: unknown; to?: unknown } | null
        const number = state.numbers.find((n) => n.id === payload?.number_id)
        if (!number || !number.userIds.includes(userId))
          return send(
            res,
            400,
            { error: 'Invalid number_id', troubleshoot: 'User must be assigned to the number' },
            headers,
          )
        if (typeof payload?.to !== 'string' || !/^\+[1-9]\d{6,14}$/.test(payload.to))
          return send(res, 400, { error: 'Invalid number to call', troubleshoot: 'Use E.164' }, headers)
        return send(res, 204, undefined, headers)
      }
      const sms = /^\/v1\/numbers\/(\d+)\/messages\/native\/send$/.exec(url.pathname)
      if (req.method === 'POST' && sms) {
        const number = state.numbers.find((n) => n.id === Number(sms[1]))
        if (!number) return send(res, 404, { error: 'Not found', troubleshoot: 'Unknown number' }, headers)
        const payload = body as { to?: unknown; body?: unknown } | null
        if (typeof payload?.to !== 'string' || !/^\+[1-9]\d{6,14}$/.test(payload.to))
          return send(res, 400, { error: 'Invalid phone number', troubleshoot: 'Use E.164' }, headers)
        if (typeof payload.body !== 'string' || payload.body.length === 0 || payload.body.length > 1600)
          return send(
            res,
            400,
            { error: 'Invalid body', troubleshoot: 'Text of 1 to 1600 characters' },
            headers,
          )
        if (state.smsFailures > 0) {
          state.smsFailures -= 1
          return send(res, 422, { error: 'Message could not be sent', troubleshoot: 'Retry later' }, headers)
        }
        const id = `fake${Date.now().toString(36)}${state.messages.length}`
        state.messages.push({ id, numberId: number.id, to: payload.to, body: payload.body })
        const delay = state.smsDelay
        if (typeof delay !== 'number') await delay
        else if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
        const now = Date.now()
        return send(
          res,
          200,
          {
            id,
            status: 'pending',
            direct_link: `${fake.url}/v1/numbers/${number.id}/messages/${id}`,
            direction: 'outbound',
            created_at: now,
            sent_at: now,
            updated_at: now,
            raw_digits: payload.to.slice(1),
            body: payload.body,
            number: { id: number.id, name: number.name, digits: number.digits },
          },
          headers,
        )
      }
      send(res, 404, { error: 'Not found', troubleshoot: 'Unknown route' }, headers)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const fake: FakeAircall = {
    url: `http://127.0.0.1:${port}`,
    apiId,
    apiToken,
    get numbers() {
      return state.numbers
    },
    set numbers(value) {
      state.numbers = value
    },
    get users() {
      return state.users
    },
    set users(value) {
      state.users = value
    },
    get webhooks() {
      return state.webhooks
    },
    set webhooks(value) {
      state.webhooks = value
    },
    get requests() {
      return state.requests
    },
    set requests(value) {
      state.requests = value
    },
    get messages() {
      return state.messages
    },
    set messages(value) {
      state.messages = value
    },
    failSms(count) {
      state.smsFailures = count
    },
    delaySms(wait) {
      state.smsDelay = wait
    },
    failWebhookDeletes(count) {
      state.deleteFailures = count
    },
    setRateLimit(count, resetInSeconds) {
      remaining = count
      resetAt = Math.floor(Date.now() / 1000) + resetInSeconds
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return fake
}
