// Web push in the service worker (issue #5): the decisions as plain functions (unit-tested in
// push.test.ts) and the two handlers sw.ts wires to `push` and `notificationclick`.
// - push: the alert is shown unless a window of the app is focused (that window shows its own UI);
//   the tag names the entity, so a bridged alert for the same thing is replaced, never doubled.
// - click: focus a window of the app and have its router navigate (postMessage, acknowledged), else
//   navigate that window, else open a new one — at the lead sheet for a call.
import { isId, isObject, isText } from '../contracts/guards.ts'
import type { PushAlert } from '../contracts/push.ts'
import { safeAppPath } from '../contracts/app-paths.ts'
import {
  alertNotification,
  NAVIGATE_MESSAGE,
  type AlertNotificationOptions,
  type NavigateMessage,
} from './alert-notification.ts'

/** How long a window has to acknowledge before it is navigated by the worker instead. */
export const NAVIGATE_ACK_MS = 1500

const isTextOrNull = (value: unknown, max: number): value is string | null =>
  value === null || isText(value, max)

/**
 * The alert a push carries (src/contracts/push.ts), or null when the data is not one. Checked by
 * hand: zod would weigh on every service worker install for a handful of fields.
 */
export function parseAlert(data: unknown): PushAlert | null {
  if (!isObject(data)) return null
  if (data.kind === 'call') {
    const { callId, phone, leadUuid, leadName } = data
    if (
      !isId(callId) ||
      !isTextOrNull(phone, 32) ||
      !isTextOrNull(leadUuid, 64) ||
      !isTextOrNull(leadName, 201)
    )
      return null
    return { kind: 'call', callId, phone, leadUuid, leadName }
  }
  if (data.kind === 'recall') {
    const { leadUuid, leadName, recallAt } = data
    if (!isText(leadUuid, 64) || leadUuid === '' || !isText(leadName, 201) || !isText(recallAt, 40))
      return null
    return { kind: 'recall', leadUuid, leadName, recallAt }
  }
  if (data.kind === 'cron') {
    const { key, name, failures } = data
    if (!isText(key, 64) || key === '' || !isText(name, 120) || !isId(failures)) return null
    return { kind: 'cron', key, name, failures }
  }
  if (data.kind !== 'badge' && data.kind !== 'tentacall') return null
  const { userId, awardId, code, name, self } = data
  if (!isId(userId) || !isId(awardId) || !isText(code, 64) || !isText(name, 201) || typeof self !== 'boolean')
    return null
  if (data.kind === 'badge') return { kind: 'badge', userId, awardId, code, name, self }
  const { count } = data
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null
  return { kind: 'tentacall', userId, awardId, code, name, self, count }
}

/** The slice of a WindowClient the decisions read. */
export type WindowInfo = { focused: boolean; visibilityState: DocumentVisibilityState }

/** Issue #5: the notification shows unless a window of the app is focused. */
export function shouldShowAlert(windows: readonly WindowInfo[]): boolean {
  return !windows.some((window) => window.focused)
}

/**
 * Options for showing the alert when `alreadyShown` notifications carry its tag: a second source
 * (push after bridge, or the reverse) replaces the first silently instead of ringing again.
 */
export function showOptions(
  options: AlertNotificationOptions,
  alreadyShown: number,
): AlertNotificationOptions {
  return alreadyShown > 0 ? { ...options, renotify: false } : options
}

/** The in-app path a notification leads to; home for anything that is not one of ours. */
export function clickUrl(data: unknown): string {
  const url = isObject(data) && typeof data.url === 'string' ? safeAppPath(data.url) : null
  return url ?? '/home'
}

/** Which window a click brings forward: the focused one, else a visible one, else the first listed. */
export function pickWindow<W extends WindowInfo>(windows: readonly W[]): W | null {
  return (
    windows.find((window) => window.focused) ??
    windows.find((window) => window.visibilityState === 'visible') ??
    windows[0] ??
    null
  )
}

export type ClickPlan<W> = { action: 'focus'; window: W; url: string } | { action: 'open'; url: string }

export function clickPlan<W extends WindowInfo>(data: unknown, windows: readonly W[]): ClickPlan<W> {
  const url = clickUrl(data)
  const window = pickWindow(windows)
  return window ? { action: 'focus', window, url } : { action: 'open', url }
}

/** The worker's side, narrowed to what the handlers use (tests pass fakes). */
export type PushWorker = {
  clients: Pick<Clients, 'matchAll' | 'openWindow'>
  registration: Pick<ServiceWorkerRegistration, 'showNotification' | 'getNotifications'>
}

function appWindows(worker: PushWorker): Promise<readonly WindowClient[]> {
  return worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
}

/** The push's JSON, or null when it has none or it is not JSON. */
export function readPushData(data: Pick<PushMessageData, 'json'> | null): unknown {
  try {
    return data?.json() ?? null
  } catch {
    return null
  }
}

/** The push handler's work: shows the alert the push carries (if any, and if no window is focused). */
export async function showPushedAlert(worker: PushWorker, data: unknown): Promise<void> {
  const alert = parseAlert(data)
  if (!alert) return
  if (!shouldShowAlert(await appWindows(worker))) return
  const { title, options } = alertNotification(alert)
  const shown = await worker.registration.getNotifications({ tag: options.tag })
  await worker.registration.showNotification(title, showOptions(options, shown.length))
}

/** Asks a window's router to navigate; true once it acknowledged within NAVIGATE_ACK_MS. */
function askToNavigate(window: WindowClient, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(false), NAVIGATE_ACK_MS)
    channel.port1.onmessage = (event) => {
      clearTimeout(timer)
      resolve(event.data === true)
    }
    window.postMessage({ type: NAVIGATE_MESSAGE, url } satisfies NavigateMessage, [channel.port2])
  })
}

/**
 * The click handler's work (after `notification.close()`). Focus needs the click's user activation:
 * outside one (a test calling this directly) it fails, and the window is navigated all the same.
 */
export async function openAlert(worker: PushWorker, data: unknown): Promise<void> {
  const plan = clickPlan(data, await appWindows(worker))
  if (plan.action === 'open') {
    await worker.clients.openWindow(plan.url)
    return
  }
  const window = await plan.window.focus().catch(() => plan.window)
  if (await askToNavigate(window, plan.url)) return
  await window.navigate(plan.url).catch(() => worker.clients.openWindow(plan.url))
}
