// Sends one alert to every push subscription of some users (issue #5), with the web-push library:
// aes128gcm payload encryption and VAPID signing. Each message names its TTL, urgency and topic.
// - All subscriptions are tried in parallel, each with a timeout; one failure never stops the rest.
// - 404 / 410 from the push service: the subscription is gone for good, its row is deleted.
// - Other failures are logged with the subscription id and the push service's host only: an
//   endpoint URL is a bearer capability (anyone holding it can push to that browser), keys are secret.
// - Only to active users: a deactivated user's rows are deleted with the deactivation, and skipped
//   here all the same (a row saved in a race with it).
// - Never throws: alerts are a side effect, never a reason for a request or a webhook to fail.
import type { Agent } from 'node:https'
import { and, eq, getTableColumns, inArray } from 'drizzle-orm'
import webpush, { type PushSubscription, type RequestOptions, type SendResult } from 'web-push'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.ts'
import { pushSubscriptions, users } from '../db/schema.ts'
import { MAX_PUSH_PAYLOAD_BYTES, type PushAlert } from '../../src/contracts/push.ts'
import type { VapidKeys } from './vapid.ts'

/** How long one push service may take to accept a message. */
export const PUSH_TIMEOUT_MS = 10_000

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high'

export type PushMessage = {
  alert: PushAlert
  /** Seconds the push service keeps the message for an offline browser; 0 = now or never. */
  ttl: number
  urgency: PushUrgency
  /** ≤ 32 URL-safe characters: a newer message with the same topic replaces an undelivered one. */
  topic: string
}

export type SendSummary = { sent: number; removed: number; failed: number }

type Transport = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<SendResult>

export type PushSenderOptions = {
  db: Db
  log: FastifyBaseLogger
  vapid: VapidKeys
  /** TLS settings for the push services (tests: a local HTTPS endpoint's CA). */
  agent?: Agent
  timeoutMs?: number
  transport?: Transport
}

/** Throws on a message that breaks the rules of issue #5 (a programming error, not a runtime one). */
export function encodeMessage(message: PushMessage): string {
  const payload = JSON.stringify(message.alert)
  const bytes = Buffer.byteLength(payload)
  if (bytes >= MAX_PUSH_PAYLOAD_BYTES) throw new Error(`push: payload of ${bytes} bytes`)
  if (!/^[\w-]{1,32}$/.test(message.topic)) throw new Error(`push: invalid topic ${message.topic}`)
  if (!Number.isInteger(message.ttl) || message.ttl < 0) throw new Error('push: TTL must be set')
  return payload
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return 'invalid'
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof webpush.WebPushError ? error.statusCode : undefined
}

export function createPushSender(options: PushSenderOptions) {
  const { db, log, vapid, agent, timeoutMs = PUSH_TIMEOUT_MS } = options
  const transport: Transport = options.transport ?? ((s, p, o) => webpush.sendNotification(s, p, o))

  async function sendOne(row: typeof pushSubscriptions.$inferSelect, payload: string, message: PushMessage) {
    const requestOptions: RequestOptions = {
      vapidDetails: vapid,
      TTL: message.ttl,
      urgency: message.urgency,
      topic: message.topic,
      contentEncoding: 'aes128gcm',
      timeout: timeoutMs,
      ...(agent ? { agent } : {}),
    }
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('push: timeout')), timeoutMs + 1000)
    })
    try {
      const subscription = { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }
      await Promise.race([transport(subscription, payload, requestOptions), deadline])
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(eq(pushSubscriptions.id, row.id))
      return 'sent' as const
    } catch (error) {
      const statusCode = statusOf(error)
      if (statusCode === 404 || statusCode === 410) {
        // Only this row, and only if it still names this endpoint (it may have been re-subscribed).
        await db
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint)))
        log.info({ subscriptionId: row.id, pushService: hostOf(row.endpoint), statusCode }, 'push: gone')
        return 'removed' as const
      }
      log.warn(
        {
          subscriptionId: row.id,
          pushService: hostOf(row.endpoint),
          statusCode,
          reason: statusCode === undefined && error instanceof Error ? error.message : undefined,
        },
        'push: delivery failed',
      )
      return 'failed' as const
    } finally {
      clearTimeout(timer)
    }
  }

  /** Sends the message to every subscription of `userIds`; settles once each attempt did. */
  async function sendToUsers(userIds: readonly number[], message: PushMessage): Promise<SendSummary> {
    const summary: SendSummary = { sent: 0, removed: 0, failed: 0 }
    if (userIds.length === 0) return summary
    try {
      const payload = encodeMessage(message)
      // Only active users' browsers: a deactivated user is never alerted, whoever asks.
      const rows = await db
        .select(getTableColumns(pushSubscriptions))
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(and(inArray(pushSubscriptions.userId, [...new Set(userIds)]), eq(users.status, 'ACTIVE')))
      const outcomes = await Promise.all(rows.map((row) => sendOne(row, payload, message)))
      for (const outcome of outcomes) summary[outcome] += 1
    } catch (error) {
      log.error({ err: error, kind: message.alert.kind }, 'push: sending failed')
    }
    return summary
  }

  return { sendToUsers }
}

export type PushSender = ReturnType<typeof createPushSender>
