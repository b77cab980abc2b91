// Issue #15: GET /api/dev/monitor, the figures of the /dev/monitor page (this process only).
import { z } from 'zod'

const count = z.number().int().nonnegative()

export const devMonitorSchema = z.object({
  sampledAt: z.iso.datetime(),
  process: z.object({
    pid: z.number().int(),
    uptimeSeconds: z.number().nonnegative(),
    rssBytes: count,
    heapUsedBytes: count,
    /** The 99th percentile of the event loop's delay since the previous reading (prom-client). */
    eventLoopLagMs: z.number().nonnegative().nullable(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The main pool (PostgreSQL only; PGlite is one in-process connection). */
    pool: z.object({ total: count, idle: count, waiting: count }).nullable(),
  }),
  live: z.object({ sockets: count, subscriptions: count }),
  /** Cumulative since the process started: the page derives the rate per second. */
  bus: z.object({ published: count, received: count }),
  /** Null when the job engine did not answer in time. */
  jobs: z.array(z.object({ name: z.string(), queued: count, active: count, failed: count })).nullable(),
  /** Telephony deliveries of the last hour: received → processed (all processes; the database's). */
  webhookLag: z.object({
    count,
    p50Ms: z.number().nonnegative().nullable(),
    maxMs: z.number().nonnegative().nullable(),
    lastReceivedAt: z.string().nullable(),
  }),
  /** This process's statements of the last hour with the longest single run, by SQL shape (no values). */
  slowQueries: z.array(
    z.object({ shape: z.string(), count, maxMs: z.number().nonnegative(), avgMs: z.number().nonnegative() }),
  ),
  /** This process's answers of 400 and more in the last hour, and its last unexpected errors (scrubbed). */
  errors: z.object({
    total: count,
    byRoute: z.array(z.object({ method: z.string(), route: z.string(), status: z.number().int(), count })),
    recent: z.array(z.object({ at: z.string(), method: z.string(), route: z.string(), message: z.string() })),
  }),
})
/** Slowest statements the monitor lists. */
export const MONITOR_SLOW_QUERIES = 10
export type DevMonitor = z.infer<typeof devMonitorSchema>
