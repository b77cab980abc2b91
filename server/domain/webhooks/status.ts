// Telephony webhook status (issue #15, docs/domain.md "Telephony webhook status"): the figures the
// administrators' page reads from webhook_events, and the deliveries list with its filters.
import { and, count, desc, eq, gte, isNotNull, max, ne, sql, type SQL } from 'drizzle-orm'
import {
  WEBHOOK_FAILURES_SHOWN,
  WEBHOOK_PAGE_SIZE,
  WEBHOOK_STATUS_HOURS,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookOutcome,
  type WebhookStatus,
} from '../../../src/contracts/webhooks.ts'
import { rowsOf, type Db } from '../../db/client.ts'
import { webhookEvents } from '../../db/schema.ts'

const HOUR_MS = 3_600_000

/**
 * The token is redacted when a delivery is recorded; redacted again on reading, so that a row written
 * by any other path never shows one.
 */
export function redactedPayload(payload: Record<string, unknown>): Record<string, unknown> {
  return 'token' in payload && payload.token !== '[redacted]' ? { ...payload, token: '[redacted]' } : payload
}

export async function webhookStatus(
  db: Db,
  tokenConfigured: boolean,
  now = new Date(),
): Promise<WebhookStatus> {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS
  const since = new Date(currentHour - (WEBHOOK_STATUS_HOURS - 1) * HOUR_MS)
  const recent = gte(webhookEvents.receivedAt, since)

  const lastByEvent = await db
    .select({ event: webhookEvents.event, lastAt: max(webhookEvents.receivedAt) })
    .from(webhookEvents)
    .where(ne(webhookEvents.outcome, 'rejected'))
    .groupBy(webhookEvents.event)
    .orderBy(desc(max(webhookEvents.receivedAt)))

  const hourly = rowsOf<{
    hour: number | string
    total: number | string
    rejected: number | string
    failed: number | string
  }>(
    await db.execute(sql`
      select floor(extract(epoch from received_at) * 1000 / ${HOUR_MS})::bigint as hour,
             count(*) as total,
             count(*) filter (where outcome = 'rejected') as rejected,
             count(*) filter (where outcome = 'error') as failed
      from webhook_events where received_at >= ${since.toISOString()}::timestamptz
      group by 1`),
  )
  const byHour = new Map(hourly.map((row) => [Number(row.hour) * HOUR_MS, row]))
  const perHour = Array.from({ length: WEBHOOK_STATUS_HOURS }, (_, index) => {
    const start = since.getTime() + index * HOUR_MS
    const row = byHour.get(start)
    return {
      hour: new Date(start).toISOString(),
      total: Number(row?.total ?? 0),
      rejected: Number(row?.rejected ?? 0),
      failed: Number(row?.failed ?? 0),
    }
  })

  const [lag] = rowsOf<{ p50: number | string | null; p95: number | string | null; n: number | string }>(
    await db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from processed_at - received_at) * 1000) as p50,
             percentile_cont(0.95) within group (order by extract(epoch from processed_at - received_at) * 1000) as p95,
             count(*) as n
      from webhook_events
      where processed_at is not null and received_at >= ${since.toISOString()}::timestamptz`),
  )
  const asMs = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value))

  const address = sql<string>`coalesce(${webhookEvents.payload} ->> 'address', '?')`
  const rejectedWhere = and(eq(webhookEvents.outcome, 'rejected'), recent)
  const addresses = await db
    .select({ address, count: count(), lastAt: max(webhookEvents.receivedAt) })
    .from(webhookEvents)
    .where(rejectedWhere)
    .groupBy(address)
    .orderBy(desc(count()))
    .limit(50)
  const [rejectedCount] = await db.select({ n: count() }).from(webhookEvents).where(rejectedWhere)

  const failedWhere = eq(webhookEvents.outcome, 'error')
  const [failedCount] = await db.select({ n: count() }).from(webhookEvents).where(failedWhere)
  const failures = await db
    .select({
      id: webhookEvents.id,
      event: webhookEvents.event,
      error: webhookEvents.error,
      receivedAt: webhookEvents.receivedAt,
    })
    .from(webhookEvents)
    .where(failedWhere)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(WEBHOOK_FAILURES_SHOWN)

  return {
    tokenConfigured,
    lastByEvent: lastByEvent.map((row) => ({ event: row.event, lastAt: iso(row.lastAt) })),
    perHour,
    lag: { p50Ms: asMs(lag?.p50), p95Ms: asMs(lag?.p95), count: Number(lag?.n ?? 0) },
    rejected: {
      count: rejectedCount?.n ?? 0,
      addresses: addresses.map((row) => ({
        address: row.address,
        count: row.count,
        lastAt: iso(row.lastAt),
      })),
    },
    failures: {
      count: failedCount?.n ?? 0,
      items: failures.map((row) => ({ ...row, receivedAt: iso(row.receivedAt) })),
    },
  }
}

function iso(value: Date | string | null): string {
  return value === null ? '' : new Date(value).toISOString()
}

type Row = typeof webhookEvents.$inferSelect

export function deliveryOf(row: Row): WebhookDelivery {
  return {
    id: row.id,
    provider: row.provider,
    event: row.event,
    providerCallId: row.providerCallId,
    outcome: row.outcome as WebhookOutcome,
    error: row.error,
    receivedAt: row.receivedAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
    payload: redactedPayload(row.payload),
  }
}

export async function listDeliveries(
  db: Db,
  query: { type?: string | undefined; state?: WebhookOutcome | undefined; page: number },
): Promise<WebhookDeliveryList> {
  const filters: SQL[] = []
  if (query.type) filters.push(eq(webhookEvents.event, query.type))
  if (query.state) filters.push(eq(webhookEvents.outcome, query.state))
  const where = filters.length ? and(...filters) : undefined
  const [total] = await db.select({ n: count() }).from(webhookEvents).where(where)
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(where)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .limit(WEBHOOK_PAGE_SIZE)
    .offset((query.page - 1) * WEBHOOK_PAGE_SIZE)
  const types = await db
    .selectDistinct({ event: webhookEvents.event })
    .from(webhookEvents)
    .where(isNotNull(webhookEvents.event))
    .orderBy(webhookEvents.event)
  return {
    items: rows.map(deliveryOf),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: WEBHOOK_PAGE_SIZE,
    types: types.map((row) => row.event),
  }
}
