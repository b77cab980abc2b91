// This browser's push subscription (issue #5): turned on from a gesture, saved for the user, turned
// off at sign-out (the sign-out request names the endpoint the server forgets); a subscription left
// by another user is ended.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '../../tests/mocks/server.ts'
import { installFakePushBrowser, type FakePushBrowser } from '../../tests/fakes/push-browser.ts'
import {
  disablePush,
  enablePush,
  leavePushAlerts,
  readPushState,
  resyncPushSubscription,
  SUBSCRIBED_USER_KEY,
} from './push-subscription.ts'

const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i))
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replaceAll('=', '')

let browser: FakePushBrowser | null = null
let saved: unknown[]
let deleted: unknown[]

function install(options: Parameters<typeof installFakePushBrowser>[0] = {}) {
  browser = installFakePushBrowser(options)
  return browser
}

beforeEach(() => {
  saved = []
  deleted = []
  document.cookie = 'XSRF-TOKEN=abc; path=/'
  server.use(
    http.get('*/api/push/public-key', () => HttpResponse.json({ publicKey: PUBLIC_KEY })),
    http.post('*/api/push/subscription', async ({ request }) => {
      saved.push(await request.json())
      return HttpResponse.json({ ok: true })
    }),
    http.delete('*/api/push/subscription', async ({ request }) => {
      deleted.push(await request.json())
      return HttpResponse.json({ ok: true })
    }),
  )
})
afterEach(() => {
  browser?.uninstall()
  browser = null
  localStorage.clear()
})

describe('reading the state', () => {
  it('is unsupported without the APIs or without a service worker', async () => {
    expect(await readPushState(3)).toBe('unsupported')
    install({ noRegistration: true })
    expect(await readPushState(3)).toBe('unsupported')
  })

  it('follows the permission, then whether this browser carries this user’s alerts', async () => {
    const fake = install({ permission: 'denied' })
    expect(await readPushState(3)).toBe('denied')
    fake.state.permission = 'default'
    expect(await readPushState(3)).toBe('prompt')
    fake.state.permission = 'granted'
    expect(await readPushState(3)).toBe('disabled')
    await enablePush(3)
    expect(await readPushState(3)).toBe('enabled')
    expect(await readPushState(4)).toBe('disabled')
  })
})

describe('turning alerts on', () => {
  it('asks permission, subscribes with the server’s key (user-visible only) and saves it', async () => {
    const fake = install()
    expect(await enablePush(3)).toBe('enabled')
    expect(fake.requestPermission).toHaveBeenCalledOnce()
    const init = fake.pushManager.subscribe.mock.calls[0]![0]
    expect(init.userVisibleOnly).toBe(true)
    expect([...(init.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES])
    expect(saved).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/fake-1',
        expirationTime: null,
        keys: { p256dh: expect.any(String), auth: expect.any(String) },
      },
    ])
    expect(localStorage.getItem(SUBSCRIBED_USER_KEY)).toBe('3')
  })

  it('stops when the browser refuses, or the prompt is dismissed', async () => {
    const denied = install({ promptAnswer: 'denied' })
    expect(await enablePush(3)).toBe('denied')
    expect(denied.pushManager.subscribe).not.toHaveBeenCalled()
    denied.uninstall()
    install({ promptAnswer: 'default' })
    expect(await enablePush(3)).toBe('prompt')
    expect(saved).toEqual([])
  })

  it('throws when the push service cannot be reached (the panel says so)', async () => {
    install({ subscribeFails: true })
    await expect(enablePush(3)).rejects.toThrow(/push service/)
    expect(localStorage.getItem(SUBSCRIBED_USER_KEY)).toBeNull()
  })

  it('keeps a subscription made with the same key, and renews one made with another key', async () => {
    const fake = install()
    const same = fake.subscribeBeforehand(KEY_BYTES)
    await enablePush(3)
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled()
    expect(saved).toHaveLength(1)

    const stale = fake.subscribeBeforehand(Uint8Array.from({ length: 65 }, () => 9))
    await enablePush(3)
    expect(stale.unsubscribe).toHaveBeenCalled()
    expect(fake.pushManager.subscribe).toHaveBeenCalledOnce()
    expect(same.unsubscribe).not.toHaveBeenCalled()
  })
})

describe('turning alerts off', () => {
  it('unsubscribes and has the server forget this browser', async () => {
    const fake = install()
    await enablePush(3)
    const subscription = fake.state.subscription!
    expect(await disablePush()).toBe('disabled')
    expect(subscription.unsubscribe).toHaveBeenCalled()
    expect(deleted).toEqual([{ endpoint: subscription.endpoint }])
    expect(localStorage.getItem(SUBSCRIBED_USER_KEY)).toBeNull()
  })

  it('at sign-out, unsubscribes and gives the endpoint to the sign-out request (no separate DELETE)', async () => {
    const fake = install()
    await enablePush(3)
    const subscription = fake.state.subscription!
    expect(await leavePushAlerts()).toBe(subscription.endpoint)
    expect(subscription.unsubscribe).toHaveBeenCalled()
    expect(fake.state.subscription).toBeNull()
    expect(deleted).toEqual([])
    expect(localStorage.getItem(SUBSCRIBED_USER_KEY)).toBeNull()
  })

  it('at sign-out, gives no endpoint when this browser has no subscription or no push', async () => {
    expect(await leavePushAlerts()).toBeNull()
    install()
    expect(await leavePushAlerts()).toBeNull()
  })

  it('at sign-out, never waits more than 2 s for a push service that does not answer', async () => {
    const fake = install()
    await enablePush(3)
    const subscription = fake.state.subscription!
    subscription.unsubscribe.mockImplementation(() => new Promise(() => undefined))
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      const leaving = leavePushAlerts()
      await vi.advanceTimersByTimeAsync(2000)
      expect(await leaving).toBe(subscription.endpoint)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('when a session starts', () => {
  it('saves the user’s own subscription again', async () => {
    const fake = install()
    await enablePush(3)
    saved = []
    await resyncPushSubscription(3)
    expect(saved).toEqual([expect.objectContaining({ endpoint: fake.state.subscription!.endpoint })])
  })

  it('ends a subscription left by another user of this browser, without saving it for this one', async () => {
    const fake = install()
    await enablePush(3)
    const theirs = fake.state.subscription!
    saved = []
    await resyncPushSubscription(4)
    expect(theirs.unsubscribe).toHaveBeenCalled()
    expect(saved).toEqual([])
    expect(await readPushState(4)).toBe('disabled')
  })

  it('does nothing without permission or subscription', async () => {
    install({ permission: 'default' })
    await resyncPushSubscription(3)
    expect(saved).toEqual([])
  })
})
