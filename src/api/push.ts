// Web push resource (issue #5): the VAPID public key and this browser's subscription for the
// signed-in user. Used by src/pwa/push-subscription.ts only; nothing here is cached by TanStack
// Query (a subscription lives in the browser, not in server data the UI renders).
import type { PushPublicKey, PushSubscriptionBody } from '../contracts/push.ts'
import type { OkResponse } from './auth.ts'
import { apiRequest } from './client.ts'

export function fetchPushPublicKey(signal?: AbortSignal): Promise<PushPublicKey> {
  return apiRequest<PushPublicKey>('/api/push/public-key', { signal })
}

export function savePushSubscription(body: PushSubscriptionBody): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/push/subscription', { method: 'POST', body })
}

export function deletePushSubscription(endpoint: string): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/push/subscription', { method: 'DELETE', body: { endpoint } })
}
