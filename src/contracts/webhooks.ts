// Telephony webhook status (issue #15 "Telephony webhook status", docs/domain.md "Telephony webhook
// status"): what administrators read of the deliveries the telephony provider made, and the replay
// of a delivery whose processing failed.
import { z } from 'zod'
import { idSchema } from './common.ts'

/** How a recorded delivery ended (webhook_events.outcome). */
export const WEBHOOK_OUTCOMES = ['processed', 'ignored', 'duplicate', 'rejected', 'stale', 'error'] as const
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number]

/** Deliveries per page of the list. */
export const WEBHOOK_PAGE_SIZE = 50
/** Hours the status figures cover. */
export const WEBHOOK_STATUS_HOURS = 24
/** Failed deliveries the status lists (the newest). */
export const WEBHOOK_FAILURES_SHOWN = 20

export const webhookHourSchema = z.object({
  /** Start of the hour (ISO). */
  hour: z.string(),
  total: z.number().int(),
  rejected: z.number().int(),
  failed: z.number().int(),
})
export type WebhookHour = z.infer<typeof webhookHourSchema>

export const webhookStatusSchema = z.object({
  tokenConfigured: z.boolean(),
  /** The last accepted delivery of each event type (rejected ones excluded), newest first. */
  lastByEvent: z.array(z.object({ event: z.string(), lastAt: z.string() })),
  /** One entry per hour of the last 24, oldest first, empty hours included. */
  perHour: z.array(webhookHourSchema),
  /** Received → processed over the last 24 h; null when nothing was processed. */
  lag: z.object({ p50Ms: z.number().nullable(), p95Ms: z.number().nullable(), count: z.number().int() }),
  /** Deliveries refused for a bad token over the last 24 h, and the addresses they came from. */
  rejected: z.object({
    count: z.number().int(),
    addresses: z.array(z.object({ address: z.string(), count: z.number().int(), lastAt: z.string() })),
  }),
  /** Deliveries whose processing failed (still failed), the newest first. */
  failures: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        event: z.string(),
        error: z.string().nullable(),
        receivedAt: z.string(),
      }),
    ),
  }),
})
export type WebhookStatus = z.infer<typeof webhookStatusSchema>

export const webhookDeliveriesQuerySchema = z.object({
  type: z.string().trim().max(100).optional(),
  state: z.enum(WEBHOOK_OUTCOMES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  event: z.string(),
  providerCallId: z.string().nullable(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  error: z.string().nullable(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  /** The body as received, its token redacted; a rejected delivery keeps only size and address. */
  payload: z.record(z.string(), z.unknown()),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

export const webhookDeliveryListSchema = z.object({
  items: z.array(webhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Event types ever received, for the filter. */
  types: z.array(z.string()),
})
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>

export const webhookDeliveryParamsSchema = z.object({ id: idSchema })

export const webhookReplaySchema = z.object({ delivery: webhookDeliverySchema })
export type WebhookReplay = z.infer<typeof webhookReplaySchema>

/**
 * What the Aircall account has registered (issue #15, the check of Aircall's side): its webhooks, the
 * URL the product expects (PUBLIC_URL + /api/webhooks/aircall), the product's webhook if registered,
 * and the call events it lacks. With the simulator there is no account: `provider` says so.
 */
export const webhookRegistrationsSchema = z.object({
  provider: z.enum(['aircall', 'simulator']),
  /** Null without PUBLIC_URL: the product cannot tell which webhook is its own. */
  expectedUrl: z.string().nullable(),
  webhooks: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      name: z.string().nullable(),
      active: z.boolean(),
      /** Empty: every event (Aircall's rule for a webhook created without events). */
      events: z.array(z.string()),
      ours: z.boolean(),
    }),
  ),
  /** Call events the product needs that no active webhook of ours receives (all if none is ours). */
  missingEvents: z.array(z.string()),
  /**
   * What the page offers to put Aircall's side right (issue #15 "Check and repair"): `create` when no
   * webhook of ours is registered, `complete` when an active one of ours lacks events, else null
   * (also with the simulator and without PUBLIC_URL).
   */
  repair: z.enum(['create', 'complete']).nullable(),
})
export type WebhookRegistrations = z.infer<typeof webhookRegistrationsSchema>
export type WebhookRepair = NonNullable<WebhookRegistrations['repair']>
