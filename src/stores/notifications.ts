// Client-owned notification list (conventions §3.3); rendered top right by NotificationsOutlet.
import { proxy } from 'valtio'

export const NOTIFICATION_KINDS = ['success', 'error', 'info'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Spec §9: notification default time-out. */
export const DEFAULT_NOTIFICATION_TIMEOUT_MS = 5000

export type Notification = {
  id: number
  kind: NotificationKind
  message: string
  /** Milliseconds before it disappears; 0 keeps it until dismissed. */
  timeoutMs: number
}

export type NotifyInput = {
  kind: NotificationKind
  message: string
  timeoutMs?: number
}

export const notificationsStore = proxy({ items: [] as Notification[] })

const timers = new Map<number, ReturnType<typeof setTimeout>>()
let lastId = 0

function schedule(id: number, timeoutMs: number): void {
  clearTimeout(timers.get(id))
  if (timeoutMs > 0)
    timers.set(
      id,
      setTimeout(() => dismissNotification(id), timeoutMs),
    )
}

/**
 * Shows a notification and returns its id. The same message already on screen is not repeated
 * (parallel failing requests would otherwise stack identical errors): its time-out restarts.
 */
export function notify({ kind, message, timeoutMs = DEFAULT_NOTIFICATION_TIMEOUT_MS }: NotifyInput): number {
  const existing = notificationsStore.items.find((item) => item.kind === kind && item.message === message)
  if (existing) {
    existing.timeoutMs = timeoutMs
    schedule(existing.id, timeoutMs)
    return existing.id
  }
  lastId += 1
  notificationsStore.items.push({ id: lastId, kind, message, timeoutMs })
  schedule(lastId, timeoutMs)
  return lastId
}

export function dismissNotification(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  const index = notificationsStore.items.findIndex((item) => item.id === id)
  if (index !== -1) notificationsStore.items.splice(index, 1)
}

/** Removes every notification and timer (sign-out, tests). */
export function clearNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer)
  timers.clear()
  notificationsStore.items.splice(0)
}
