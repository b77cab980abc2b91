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
})
export type DevMonitor = z.infer<typeof devMonitorSchema>
