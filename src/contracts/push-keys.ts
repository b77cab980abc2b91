// The push subscription's keys and body without zod (issue #5): the service worker and the page's
// first-load path import these, so the validation library (25 KB) stays out of both.

/** Bytes behind a base64url string (padding tolerated), or -1 when it is not base64url. */
export function base64UrlByteLength(value: string): number {
  const match = /^([\w-]*)={0,2}$/.exec(value)
  if (!match) return -1
  const body = match[1]!.length
  if (body % 4 === 1) return -1
  return Math.floor((body * 3) / 4)
}

/** The bytes behind a base64url string (`applicationServerKey` for PushManager.subscribe). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=')
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
}

/** The subscription as the routes take it (validated by pushSubscriptionBodySchema, push.ts). */
export type PushSubscriptionBody = {
  endpoint: string
  expirationTime?: number | null | undefined
  keys: { p256dh: string; auth: string }
}

/** `PushSubscription.toJSON()` (the page's and the worker's; typed here without DOM types). */
export type PushSubscriptionJson = {
  endpoint?: string
  expirationTime?: number | null
  keys?: Record<string, string>
}

/** The body the routes take, from a browser's subscription; throws when a part is missing. */
export function subscriptionBody(json: PushSubscriptionJson): PushSubscriptionBody {
  const { p256dh, auth } = json.keys ?? {}
  if (!json.endpoint || !p256dh || !auth) throw new Error('push: incomplete subscription')
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } }
}
