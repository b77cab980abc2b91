// The check of Aircall's side (issue #15, docs/domain.md "Telephony webhook status"): the webhooks the
// Aircall account has registered, which one is the product's (its URL starts with PUBLIC_URL +
// /api/webhooks/aircall; a query string may follow), and the call events the product still lacks.
import { AIRCALL_PRODUCT_EVENTS, type AircallWebhook } from '../../../src/contracts/call.ts'
import type { WebhookRegistrations } from '../../../src/contracts/webhooks.ts'
import type { TelephonyProvider } from '../../telephony/provider.ts'

export const WEBHOOK_PATH = '/api/webhooks/aircall'

export function expectedWebhookUrl(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null
  return `${publicUrl.endsWith('/') ? publicUrl.slice(0, -1) : publicUrl}${WEBHOOK_PATH}`
}

export function registrationsOf(
  webhooks: AircallWebhook[],
  expectedUrl: string | null,
): WebhookRegistrations {
  const isOurs = (url: string) =>
    expectedUrl !== null && (url === expectedUrl || url.startsWith(`${expectedUrl}?`))
  const listed = webhooks.map((webhook) => ({
    id: webhook.webhook_id,
    url: webhook.url,
    name: webhook.custom_name ?? null,
    active: webhook.active ?? true,
    events: webhook.events ?? [],
    ours: isOurs(webhook.url),
  }))
  const received = new Set<string>()
  let all = false
  for (const webhook of listed.filter((one) => one.ours && one.active)) {
    if (webhook.events.length === 0) all = true
    for (const event of webhook.events) received.add(event)
  }
  const missingEvents = all ? [] : AIRCALL_PRODUCT_EVENTS.filter((event) => !received.has(event))
  // A disabled webhook of ours is not created again (Aircall re-enables it on its next successful
  // delivery): only a missing one is; an active one lacking events is completed.
  const repair =
    expectedUrl === null
      ? null
      : !listed.some((one) => one.ours)
        ? 'create'
        : missingEvents.length > 0 && listed.some((one) => one.ours && one.active)
          ? 'complete'
          : null
  return { provider: 'aircall', expectedUrl, webhooks: listed, missingEvents, repair }
}

export async function webhookRegistrations(
  provider: TelephonyProvider,
  publicUrl: string | undefined,
): Promise<WebhookRegistrations> {
  const expectedUrl = expectedWebhookUrl(publicUrl)
  if (!provider.listWebhooks)
    return { provider: 'simulator', expectedUrl, webhooks: [], missingEvents: [], repair: null }
  return registrationsOf(await provider.listWebhooks(), expectedUrl)
}
