// A browser's notification and push APIs for jsdom (issue #5 client tests): Notification with a
// permission and a scripted prompt, PushManager, and a service worker registration whose push
// manager subscribes like Chromium (endpoint, keys, applicationServerKey). Installed on window and
// navigator, removed by the returned `uninstall`.
import { vi } from 'vitest'

export type FakePushOptions = {
  permission?: NotificationPermission
  /** What the permission prompt answers. */
  promptAnswer?: NotificationPermission
  /** subscribe() rejects (no push service reachable). */
  subscribeFails?: boolean
  /** No service worker registration (dev server). */
  noRegistration?: boolean
}

const P256DH = `B${'A'.repeat(86)}`
const AUTH = 'A'.repeat(22)

export type FakeSubscription = {
  endpoint: string
  options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean }
  toJSON: () => PushSubscriptionJSON
  unsubscribe: ReturnType<typeof vi.fn>
}

export function installFakePushBrowser(options: FakePushOptions = {}) {
  const state = {
    permission: options.permission ?? 'default',
    subscription: null as FakeSubscription | null,
  }
  let count = 0

  function makeSubscription(key: ArrayBuffer | null): FakeSubscription {
    count += 1
    const endpoint = `https://fcm.googleapis.com/fcm/send/fake-${count}`
    const subscription: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: key, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
      unsubscribe: vi.fn(async () => {
        if (state.subscription === subscription) state.subscription = null
        return true
      }),
    }
    return subscription
  }

  const pushManager = {
    getSubscription: vi.fn(async () => state.subscription),
    subscribe: vi.fn(async (init: PushSubscriptionOptionsInit) => {
      if (options.subscribeFails)
        throw new DOMException('Registration failed - push service error', 'AbortError')
      const key = init.applicationServerKey as Uint8Array
      state.subscription = makeSubscription(
        key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength) as ArrayBuffer,
      )
      return state.subscription
    }),
  }
  const requestPermission = vi.fn(async () => {
    state.permission = options.promptAnswer ?? 'granted'
    return state.permission
  })
  const FakeNotification = {
    get permission() {
      return state.permission
    },
    requestPermission,
  }
  const serviceWorker = {
    getRegistration: vi.fn(async () => (options.noRegistration ? undefined : { pushManager })),
  }
  Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification })
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} })
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker })

  return {
    state,
    pushManager,
    requestPermission,
    /** A subscription made earlier, e.g. by another user of this browser. */
    subscribeBeforehand(key: Uint8Array) {
      state.permission = 'granted'
      state.subscription = makeSubscription(key.buffer.slice(0) as ArrayBuffer)
      return state.subscription
    },
    uninstall() {
      Reflect.deleteProperty(window, 'Notification')
      Reflect.deleteProperty(window, 'PushManager')
      Reflect.deleteProperty(navigator, 'serviceWorker')
    },
  }
}

export type FakePushBrowser = ReturnType<typeof installFakePushBrowser>
