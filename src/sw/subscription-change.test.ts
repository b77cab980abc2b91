// The worker's `pushsubscriptionchange` work as a plain function (issue #5): the server answers
// through msw, the push manager is a fake that subscribes like a browser.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { pushSubscriptionChangeBodySchema } from '../contracts/push.ts'
import {
  renewPushSubscription,
  type SubscriptionChangeDeps,
  type SubscriptionLike,
} from './subscription-change.ts'

const ORIGIN = 'http://localhost:3000'
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replaceAll('=', '')

function subscription(name: string): SubscriptionLike {
  const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/${name}`
  return {
    endpoint,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: `B${name.padEnd(86, 'A').slice(0, 86)}`, auth: 'A'.repeat(22) },
    }),
  }
}

type Sent = { body: unknown; xsrf: string | null }
let sent: Sent[]
let keyRequests: number

/** What each request asked of the browser's cookies (msw's request does not keep it). */
let credentials: (RequestCredentials | undefined)[]

function deps(subscribe = vi.fn(async () => subscription('subscribed-by-worker'))) {
  return {
    origin: ORIGIN,
    // The real fetch (msw answers it); only the credentials mode is noted on the way.
    fetch: (input, init) => {
      credentials.push(init?.credentials)
      return globalThis.fetch(input, init)
    },
    pushManager: { subscribe },
  } satisfies SubscriptionChangeDeps
}

function answerChange(status: number) {
  server.use(
    http.post(`${ORIGIN}/api/push/subscription/change`, async ({ request }) => {
      sent.push({
        body: await request.json(),
        xsrf: request.headers.get('x-xsrf-token'),
      })
      return status === 200
        ? HttpResponse.json({ ok: true })
        : HttpResponse.json({ error: { code: 'X', message: 'Erreur.' } }, { status })
    }),
  )
}

beforeEach(() => {
  sent = []
  credentials = []
  keyRequests = 0
  server.use(
    http.get(`${ORIGIN}/api/push/public-key`, () => {
      keyRequests += 1
      return HttpResponse.json({ publicKey: PUBLIC_KEY })
    }),
  )
  answerChange(200)
})

describe('renewPushSubscription', () => {
  it('saves the browser’s new subscription under the old endpoint, without cookies or XSRF token', async () => {
    const d = deps()
    const outcome = await renewPushSubscription(
      { oldSubscription: subscription('old'), newSubscription: subscription('new') },
      d,
    )
    expect(outcome).toBe('saved')
    expect(d.pushManager.subscribe).not.toHaveBeenCalled()
    expect(keyRequests).toBe(0)
    expect(sent).toEqual([
      {
        body: {
          oldEndpoint: subscription('old').endpoint,
          subscription: subscription('new').toJSON(),
        },
        xsrf: null,
      },
    ])
    expect(credentials).toEqual(['omit'])
    // The very shape the server validates.
    expect(pushSubscriptionChangeBodySchema.safeParse(sent[0]!.body).success).toBe(true)
  })

  it('subscribes again with the server’s key (user-visible only) when the browser gave none', async () => {
    const d = deps()
    const outcome = await renewPushSubscription(
      { oldSubscription: subscription('old'), newSubscription: null },
      d,
    )
    expect(outcome).toBe('saved')
    expect(keyRequests).toBe(1)
    expect(credentials).toEqual(['omit', 'omit'])
    expect(d.pushManager.subscribe).toHaveBeenCalledOnce()
    const [options] = d.pushManager.subscribe.mock.calls[0]! as unknown as [PushSubscriptionOptionsInit]
    expect(options.userVisibleOnly).toBe(true)
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES])
    expect(sent.map((request) => request.body)).toEqual([
      {
        oldEndpoint: subscription('old').endpoint,
        subscription: subscription('subscribed-by-worker').toJSON(),
      },
    ])
  })

  it('reports an old endpoint the server does not know (signed out, deactivated) and keeps going', async () => {
    answerChange(404)
    const outcome = await renewPushSubscription(
      { oldSubscription: subscription('old'), newSubscription: subscription('new') },
      deps(),
    )
    expect(outcome).toBe('unknown')
    expect(sent).toHaveLength(1)
  })

  it('without an old subscription, subscribes but sends nothing: no endpoint names the row', async () => {
    const d = deps()
    const outcome = await renewPushSubscription({ oldSubscription: null, newSubscription: null }, d)
    expect(outcome).toBe('unsaved')
    expect(d.pushManager.subscribe).toHaveBeenCalledOnce()
    expect(sent).toEqual([])
  })

  it('never throws: a refused or malformed key stops before subscribing', async () => {
    for (const answer of [
      HttpResponse.json({ error: { code: 'X', message: 'Erreur.' } }, { status: 500 }),
      HttpResponse.json({ publicKey: 'too-short' }),
    ]) {
      server.use(http.get(`${ORIGIN}/api/push/public-key`, () => answer.clone()))
      const d = deps()
      expect(
        await renewPushSubscription({ oldSubscription: subscription('old'), newSubscription: null }, d),
      ).toBe('failed')
      expect(d.pushManager.subscribe).not.toHaveBeenCalled()
    }
    expect(sent).toEqual([])
  })

  it('never throws: push service refusal, server error or no network', async () => {
    const refused = vi.fn(async (): Promise<SubscriptionLike> => {
      throw new DOMException('Registration failed - permission denied', 'NotAllowedError')
    })
    const change = { oldSubscription: subscription('old'), newSubscription: null }
    expect(await renewPushSubscription(change, deps(refused))).toBe('failed')
    expect(sent).toEqual([])

    answerChange(500)
    expect(await renewPushSubscription(change, deps())).toBe('failed')
    expect(sent).toHaveLength(1)

    server.use(http.post(`${ORIGIN}/api/push/subscription/change`, () => HttpResponse.error()))
    expect(await renewPushSubscription(change, deps())).toBe('failed')
  })
})
