// `pushsubscriptionchange` (issue #5; docs/domain.md "Alerts (push)"): the browser renewed or
// dropped this worker's push subscription, maybe with the app closed and the user's session lapsed.
// The worker subscribes again if the browser did not (with the server's VAPID key) and has the
// server replace the row named by the old endpoint — a capability only this browser and its push
// service know, so no session and no XSRF pair are needed, and no cookie is sent
// (docs/decisions.md). Never throws: a change left unsaved is saved by the page at the next
// session start (src/pwa/push-subscription.ts), since the browser keeps the new subscription.
import {
  base64UrlByteLength,
  base64UrlToBytes,
  subscriptionBody,
  type PushSubscriptionJson,
} from '../contracts/push-keys.ts'
import type { PushSubscriptionChangeBody } from '../contracts/push.ts'
import { isObject } from '../contracts/guards.ts'

export const PUBLIC_KEY_PATH = '/api/push/public-key'
export const SUBSCRIPTION_CHANGE_PATH = '/api/push/subscription/change'

/** The slice of a PushSubscription read here. */
export type SubscriptionLike = { endpoint: string; toJSON: () => PushSubscriptionJson }

/** The slice of a PushSubscriptionChangeEvent read here. */
export type SubscriptionChange = {
  oldSubscription: SubscriptionLike | null
  newSubscription: SubscriptionLike | null
}

/** The worker's side; tests pass the real fetch (msw answers) and a fake push manager. */
export type SubscriptionChangeDeps = {
  /** The app's origin (`self.location.origin`): the API is same-origin. */
  origin: string
  fetch: typeof fetch
  pushManager: { subscribe: (options: PushSubscriptionOptionsInit) => Promise<SubscriptionLike> }
}

/**
 * - saved: the server moved the old subscription's row to the new one;
 * - unknown: the server has no (active user's) row for the old endpoint — signed out, deactivated,
 *   or dropped after a 410 —, nothing changed;
 * - unsaved: no old subscription names a row (the page saves the new one at the next session start);
 * - failed: the key, the push service or the server could not be reached.
 */
export type SubscriptionChangeOutcome = 'saved' | 'unknown' | 'unsaved' | 'failed'

/** The server's VAPID public key (a P-256 point: 65 bytes), checked before the browser gets it. */
async function serverKey(deps: SubscriptionChangeDeps): Promise<Uint8Array<ArrayBuffer>> {
  const response = await deps.fetch(new URL(PUBLIC_KEY_PATH, deps.origin), {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`push: public key answered ${response.status}`)
  const data: unknown = await response.json()
  const key = isObject(data) ? data.publicKey : undefined
  if (typeof key !== 'string' || base64UrlByteLength(key) !== 65) throw new Error('push: invalid key')
  return base64UrlToBytes(key)
}

async function saveChange(deps: SubscriptionChangeDeps, body: PushSubscriptionChangeBody) {
  const response = await deps.fetch(new URL(SUBSCRIPTION_CHANGE_PATH, deps.origin), {
    method: 'POST',
    credentials: 'omit',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (response.ok) return 'saved'
  return response.status === 404 ? 'unknown' : 'failed'
}

export async function renewPushSubscription(
  change: SubscriptionChange,
  deps: SubscriptionChangeDeps,
): Promise<SubscriptionChangeOutcome> {
  try {
    const next =
      change.newSubscription ??
      (await deps.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: await serverKey(deps),
      }))
    const oldEndpoint = change.oldSubscription?.endpoint
    if (!oldEndpoint) return 'unsaved'
    return await saveChange(deps, { oldEndpoint, subscription: subscriptionBody(next.toJSON()) })
  } catch {
    return 'failed'
  }
}
