// What each alert costs the push service and the phone (issue #5): TTL, urgency and topic.
// - An inbound call is worthless once it stopped ringing: 30 s, high urgency (wakes the device).
// - A badge or tentacall can wait for the device to come back: 6 hours, normal urgency.
// - A failing scheduled job (issue #15) matters until someone looks: a day, normal urgency.
// - A due recall (issue #15) is worth telling within the hour it fell due: an hour, normal urgency.
// - Topic: one per entity, so a newer message about the same thing replaces an undelivered one.
import type { AwardAlert, CallAlert, CronAlert, RecallAlert } from '../../src/contracts/push.ts'
import type { PushMessage } from './sender.ts'

export const CALL_ALERT_TTL_SECONDS = 30
export const AWARD_ALERT_TTL_SECONDS = 6 * 60 * 60
/** Issue #15: a failing scheduled job matters until someone looks, for a day at most. */
export const CRON_ALERT_TTL_SECONDS = 24 * 60 * 60

export function callMessage(alert: CallAlert): PushMessage {
  return { alert, ttl: CALL_ALERT_TTL_SECONDS, urgency: 'high', topic: `call-${alert.callId}` }
}

export function awardMessage(alert: AwardAlert): PushMessage {
  return {
    alert,
    ttl: AWARD_ALERT_TTL_SECONDS,
    urgency: 'normal',
    // ≤ 32 characters: 'tentacall-' (10) + two ids of at most 10 digits and a dash.
    topic: `${alert.kind}-${alert.userId}-${alert.awardId}`,
  }
}

export function cronMessage(alert: CronAlert): PushMessage {
  // ≤ 32 characters: 'cron-' (5) + a catalogue key (lower case and hyphens, ≤ 27 characters).
  return { alert, ttl: CRON_ALERT_TTL_SECONDS, urgency: 'normal', topic: `cron-${alert.key}` }
}

/** Issue #15: a due recall is news for the hour after it fell due. */
export const RECALL_ALERT_TTL_SECONDS = 60 * 60

export function recallMessage(alert: RecallAlert): PushMessage {
  // ≤ 32 characters: 'recall-' (7) + the first 25 characters of the lead's uuid.
  return {
    alert,
    ttl: RECALL_ALERT_TTL_SECONDS,
    urgency: 'normal',
    topic: `recall-${alert.leadUuid.slice(0, 25)}`,
  }
}
