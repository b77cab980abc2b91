// This browser's web push subscription for the signed-in user (issue #5 "A settings entry lets the
// user turn alerts on"). Alerts are personal (docs/domain.md "Alerts (push)"):
// - turned on by the user, on a gesture (the permission prompt needs one), per browser;
// - turned off at sign-out (a call-centre workstation is shared): the browser unsubscribes and the
//   sign-out request itself carries the endpoint, so the server forgets the browser as it signs out;
// - a browser still subscribed for someone else when a user's session starts (their session expired
//   without a sign-out) is unsubscribed, so that person's alerts stop showing on this desk; the
//   server then drops the row at the next push (410).
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from '../api/push.ts'
import { base64UrlToBytes, subscriptionBody, type PushSubscriptionBody } from '../contracts/push-keys.ts'

/** What the settings entry shows. `prompt`: never asked (or the prompt was dismissed). */
export type PushState = 'unsupported' | 'denied' | 'prompt' | 'disabled' | 'enabled'

type PushRegistration = { pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'> }
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser as this module sees it; tests pass fakes. */
export type PushEnvironment = {
  notification: Pick<typeof Notification, 'permission' | 'requestPermission'> | null
  /** The app's service worker registration, null when there is none (unsupported, dev server). */
  registration: () => Promise<PushRegistration | null>
  storage: KeyValueStorage | null
}

/** Whose alerts this browser's subscription carries (set when a user turns them on here). */
export const SUBSCRIBED_USER_KEY = 'push-alerts-user'
/** Sign-out never waits longer than this for the push service or the server. */
const LEAVE_TIMEOUT_MS = 2000

function safeStorage(): KeyValueStorage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function browserPushEnvironment(): PushEnvironment {
  const supported =
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  return {
    notification: supported ? Notification : null,
    registration: async () =>
      supported ? ((await navigator.serviceWorker.getRegistration()) ?? null) : null,
    storage: safeStorage(),
  }
}

function sameKey(current: ArrayBuffer | null | undefined, expected: Uint8Array): boolean {
  if (!current) return false
  const bytes = new Uint8Array(current)
  return bytes.length === expected.length && bytes.every((byte, index) => byte === expected[index])
}

function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  return subscriptionBody(subscription.toJSON())
}

function subscribedUser(env: PushEnvironment): number | null {
  const value = env.storage?.getItem(SUBSCRIBED_USER_KEY)
  return value ? Number(value) : null
}

async function currentSubscription(env: PushEnvironment): Promise<PushSubscription | null> {
  const registration = await env.registration()
  return registration ? registration.pushManager.getSubscription() : null
}

export async function readPushState(userId: number, env = browserPushEnvironment()): Promise<PushState> {
  if (!env.notification || !(await env.registration())) return 'unsupported'
  const { permission } = env.notification
  if (permission === 'denied') return 'denied'
  if (permission === 'default') return 'prompt'
  const subscription = await currentSubscription(env)
  return subscription && subscribedUser(env) === userId ? 'enabled' : 'disabled'
}

/**
 * Turns alerts on for `userId` in this browser: asks permission (call it from the click handler),
 * subscribes with the server's VAPID key and saves the subscription. Throws when the push service
 * or the server cannot be reached; the caller shows the error.
 */
export async function enablePush(userId: number, env = browserPushEnvironment()): Promise<PushState> {
  if (!env.notification) return 'unsupported'
  // First, while the click's user activation is fresh.
  const permission =
    env.notification.permission === 'granted' ? 'granted' : await env.notification.requestPermission()
  if (permission === 'denied') return 'denied'
  if (permission !== 'granted') return 'prompt'
  const registration = await env.registration()
  if (!registration) return 'unsupported'
  const key = base64UrlToBytes((await fetchPushPublicKey()).publicKey)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Subscribed with another key (the server's keys changed): that subscription is worthless.
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  await savePushSubscription(bodyOf(subscription))
  env.storage?.setItem(SUBSCRIBED_USER_KEY, String(userId))
  return 'enabled'
}

/** Turns alerts off in this browser: the server forgets it and the browser unsubscribes. */
export async function disablePush(env = browserPushEnvironment()): Promise<PushState> {
  const subscription = await currentSubscription(env)
  env.storage?.removeItem(SUBSCRIBED_USER_KEY)
  if (subscription)
    await Promise.allSettled([deletePushSubscription(subscription.endpoint), subscription.unsubscribe()])
  return env.notification?.permission === 'default' ? 'prompt' : 'disabled'
}

/**
 * At sign-out (before the session ends): the browser unsubscribes, and the endpoint it had is
 * returned for the sign-out request, which has the server forget it (so that a failing DELETE can
 * never leave this browser alerting anyone). Never longer than 2 s, never throws.
 */
export async function leavePushAlerts(env = browserPushEnvironment()): Promise<string | null> {
  const deadline = new Promise<null>((resolve) => setTimeout(() => resolve(null), LEAVE_TIMEOUT_MS))
  const subscription = await Promise.race([currentSubscription(env).catch(() => null), deadline])
  env.storage?.removeItem(SUBSCRIBED_USER_KEY)
  if (!subscription) return null
  await Promise.race([subscription.unsubscribe().catch(() => false), deadline])
  return subscription.endpoint
}

/**
 * When `userId`'s session starts in this tab: their own subscription is saved again (it may have
 * been dropped server-side, or its keys renewed); anyone else's is ended here. Never throws.
 */
export async function resyncPushSubscription(userId: number, env = browserPushEnvironment()): Promise<void> {
  try {
    if (env.notification?.permission !== 'granted') return
    const subscription = await currentSubscription(env)
    if (!subscription) return
    if (subscribedUser(env) === userId) {
      await savePushSubscription(bodyOf(subscription))
      return
    }
    env.storage?.removeItem(SUBSCRIBED_USER_KEY)
    await subscription.unsubscribe()
  } catch {
    // Offline or the push service is unreachable: the next session start tries again.
  }
}
