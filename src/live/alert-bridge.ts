// The hidden-tab bridge (issue #5, spec: "a web push bridge raises inbound-call and badge alerts while
// the tab is hidden"). While `document.visibilityState` is `hidden` and notifications are allowed,
// an inbound call starting to ring, a badge or a tentacall arriving on the live channel raises the
// notification the push would raise — same builder (src/sw/alert-notification.ts), same tag —
// through the service worker registration. A notification already showing with that tag (the push
// came first) is left alone: the same thing never shows twice. A call that stops ringing takes its
// notification away.
import type { CurrentCall } from '../contracts/call.ts'
import {
  parseChannel,
  readLivePayload,
  type LivePayloads,
  type ParsedChannel,
} from '../contracts/live-core.ts'
import type { PushAlert } from '../contracts/push.ts'
import { alertNotification, callAlertTag } from '../sw/alert-notification.ts'
import { personName } from '../contracts/person-name.ts'

type NotificationRegistration = Pick<ServiceWorkerRegistration, 'showNotification' | 'getNotifications'>

/** The browser as the bridge sees it; tests pass fakes. */
export type BridgeEnvironment = {
  hidden: () => boolean
  permitted: () => boolean
  /** The active service worker registration, null when the app has none. */
  registration: () => Promise<NotificationRegistration | null>
}

/** Where the bridge reads what the live signal does not carry (the query cache, in the app). */
export type AlertSources = {
  currentCall: () => Promise<CurrentCall>
  lead: (id: number) => Promise<{ uuid: string; firstName: string; lastName: string }>
}

export type AlertBridge = {
  /** Looks at one live event; settles once any notification it raises or closes is done. */
  handle: (event: string, data: unknown) => Promise<void>
  /**
   * The tab was just hidden: a call already ringing (its push was silenced while the tab had focus)
   * is raised now, from what the page already knows.
   */
  hidden: (call: CurrentCall | undefined) => Promise<void>
}

export function browserBridgeEnvironment(): BridgeEnvironment {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  return {
    hidden: () => document.visibilityState === 'hidden',
    permitted: () => typeof Notification !== 'undefined' && Notification.permission === 'granted',
    // `ready` never settles without a registration: ask whether there is one first.
    registration: async () => (container && (await container.getRegistration()) ? container.ready : null),
  }
}

export function createAlertBridge(
  userId: number,
  env: BridgeEnvironment,
  sources: AlertSources,
): AlertBridge {
  async function show(alert: PushAlert) {
    const registration = await env.registration()
    if (!registration) return
    const { title, options } = alertNotification(alert)
    const shown = await registration.getNotifications({ tag: options.tag })
    if (shown.length > 0) return
    await registration.showNotification(title, options)
  }

  async function close(tag: string) {
    const registration = await env.registration()
    for (const notification of (await registration?.getNotifications({ tag })) ?? []) notification.close()
  }

  async function callAlert(callId: number, known?: CurrentCall): Promise<PushAlert | null> {
    const call = known ?? (await sources.currentCall())
    if (call.callId !== callId || call.direction !== 'inbound' || call.status !== 'ringing') return null
    // The lead as the server's push names it (server/push/call-alert.ts): the call's, else detected.
    const leadId = call.leadId ?? call.detectedLeadId
    const lead = leadId === null ? null : await sources.lead(leadId).catch(() => null)
    return {
      kind: 'call',
      callId,
      phone: call.phoneNumber,
      leadUuid: lead?.uuid ?? null,
      leadName: lead ? personName(lead) : null,
    }
  }

  async function onCall({ callId, status }: LivePayloads['ongoingCallUpdate']) {
    if (callId === null) return
    if (status !== 'ringing') return close(callAlertTag(callId))
    if (!env.hidden() || !env.permitted()) return
    const alert = await callAlert(callId)
    if (alert) await show(alert)
  }

  async function onAward(
    channel: Extract<ParsedChannel, { userId: number }>,
    alert: { kind: 'badge'; code: string } | { kind: 'tentacall'; code: string; count: number },
    payload: { userId?: number | undefined; awardId?: number | undefined; name?: string | undefined },
  ) {
    // A signal without an award id (published by hand) has no tag to share with a push.
    if (payload.awardId === undefined || !env.hidden() || !env.permitted()) return
    const earner = payload.userId ?? channel.userId
    const fields = {
      userId: earner,
      awardId: payload.awardId,
      name: payload.name ?? '',
      self: earner === userId,
    }
    await show({ ...alert, ...fields })
  }

  async function handle(event: string, data: unknown) {
    const channel = parseChannel(event)
    if (!channel || channel.userId !== userId) return
    try {
      switch (channel.kind) {
        case 'ongoingCallUpdate': {
          const payload = readLivePayload('ongoingCallUpdate', data)
          if (payload) await onCall(payload)
          return
        }
        case 'badge': {
          const payload = readLivePayload('badge', data)
          if (payload) await onAward(channel, { kind: 'badge', code: payload.badgeId }, payload)
          return
        }
        case 'tentacall': {
          const payload = readLivePayload('tentacall', data)
          if (payload)
            await onAward(
              channel,
              { kind: 'tentacall', code: payload.tentacallId, count: payload.count },
              payload,
            )
          return
        }
        default:
          return
      }
    } catch (error) {
      // No notification is better than a broken page: the in-app alert still shows once visible.
      if (import.meta.env.DEV) console.warn('[alerts] bridge failed', error)
    }
  }

  async function hidden(call: CurrentCall | undefined) {
    if (!call || call.callId === null || !env.hidden() || !env.permitted()) return
    try {
      const alert = await callAlert(call.callId, call)
      if (alert) await show(alert)
    } catch (error) {
      if (import.meta.env.DEV) console.warn('[alerts] bridge failed', error)
    }
  }

  return { handle, hidden }
}
