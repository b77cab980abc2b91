// The one place an alert becomes a notification (issue #5): the service worker's push handler and
// the page's hidden-tab bridge (src/live/alert-bridge.ts) both call it, so a push and a bridged alert
// about the same thing carry the same tag, text and link, and the second replaces the first instead
// of showing twice. Pure: no service worker or DOM globals, so both bundles and the tests import it.
import type { PushAlert } from '../contracts/push.ts'
import { paths } from '../contracts/app-paths.ts'
import { formatDateTime, formatPhone } from '../i18n/format.ts'
import { alertNotificationText as t } from '../i18n/fr/push.ts'
import { awardName } from '../contracts/award-names.ts'

/** What a click needs: where to go. Kept on the notification (`notification.data`). */
export type AlertNotificationData = { url: string; kind: PushAlert['kind'] }

export type AlertNotificationOptions = NotificationOptions & {
  tag: string
  data: AlertNotificationData
  /** Not in TypeScript's DOM types any more, still honoured by Chromium: alert again on replace. */
  renotify?: boolean
}

export type AlertNotification = { title: string; options: AlertNotificationOptions }

const ICON = '/icons/icon-192.png'

/**
 * A notification click asks a window's router to go to `url` (src/pwa/alert-navigation.ts answers
 * `true` on the message's port); here so that the page need not import the worker's module.
 */
export const NAVIGATE_MESSAGE = 'alert:navigate'
export type NavigateMessage = { type: typeof NAVIGATE_MESSAGE; url: string }

/**
 * One tag per entity (issue #5): `call:{callId}`, `badge:{userId}:{awardId}`, `tentacall:{userId}:{awardId}`,
 * `cron:{key}` (issue #15: a job's newer failing alert replaces the older one).
 */
export function alertTag(alert: PushAlert): string {
  if (alert.kind === 'call') return callAlertTag(alert.callId)
  if (alert.kind === 'cron') return `cron:${alert.key}`
  if (alert.kind === 'recall') return `recall:${alert.leadUuid}`
  return `${alert.kind}:${alert.userId}:${alert.awardId}`
}

export function callAlertTag(callId: number): string {
  return `call:${callId}`
}

/**
 * Where a click leads: the lead sheet of a call (else home); one's own award → home, others' →
 * gamification; a failing scheduled job → the scheduled jobs' page.
 */
export function alertUrl(alert: PushAlert): string {
  if (alert.kind === 'call') return alert.leadUuid ? paths.lead(alert.leadUuid) : paths.home()
  if (alert.kind === 'cron') return paths.backofficeCrons()
  if (alert.kind === 'recall') return paths.lead(alert.leadUuid)
  return alert.self ? paths.home() : paths.activityGamification()
}

function body(alert: PushAlert): string {
  switch (alert.kind) {
    case 'call':
      return t.callBody(alert.phone ? formatPhone(alert.phone) : t.hiddenNumber, alert.leadName)
    case 'badge':
      return t.badgeBody(awardName('badge', alert.code), alert.self ? null : alert.name)
    case 'tentacall':
      return t.tentacallBody(awardName('tentacall', alert.code), alert.count, alert.self ? null : alert.name)
    case 'cron':
      return t.cronBody(alert.name, alert.failures)
    case 'recall':
      return t.recallBody(alert.leadName, formatDateTime(alert.recallAt))
  }
}

const TITLES: Record<PushAlert['kind'], string> = {
  call: t.callTitle,
  badge: t.badgeTitle,
  tentacall: t.tentacallTitle,
  cron: t.cronTitle,
  recall: t.recallTitle,
}

export function alertNotification(alert: PushAlert): AlertNotification {
  const call = alert.kind === 'call'
  return {
    title: TITLES[alert.kind],
    options: {
      body: body(alert),
      tag: alertTag(alert),
      lang: 'fr',
      icon: ICON,
      // A ringing call stays until acted on and rings again if re-raised; awards are quiet news.
      requireInteraction: call,
      renotify: call,
      data: { url: alertUrl(alert), kind: alert.kind },
    },
  }
}
