// Issue #15 "/dev/monitor", webhook lag: over the last hour, how long deliveries waited between their
// reception and the end of their processing (webhook_events.processed_at, set by applyDelivery),
// median and maximum, and when the last delivery arrived. Read by the monitor and GET /api/metrics.
import { sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'

export type WebhookLag = {
  count: number
  p50Ms: number | null
  maxMs: number | null
  lastReceivedAt: string | null
}

const HOUR_MS = 60 * 60 * 1000

export async function webhookLagLastHour(db: Db, now = new Date()): Promise<WebhookLag> {
  const since = new Date(now.getTime() - HOUR_MS)
  const [row] = rowsOf<{
    n: number | string
    p50: number | string | null
    max: number | string | null
    last: Date | string | null
  }>(
    await db.execute(sql`
      select count(*) filter (where processed_at is not null) as n,
             percentile_cont(0.5) within group (order by extract(epoch from processed_at - received_at) * 1000)
               filter (where processed_at is not null) as p50,
             max(extract(epoch from processed_at - received_at) * 1000) as max,
             max(received_at) as last
      from webhook_events
      where received_at >= ${since.toISOString()}::timestamptz and outcome <> 'rejected'`),
  )
  const ms = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Math.max(0, Math.round(Number(value)))
  return {
    count: Number(row?.n ?? 0),
    p50Ms: ms(row?.p50),
    maxMs: ms(row?.max),
    lastReceivedAt: row?.last ? new Date(row.last).toISOString() : null,
  }
}
