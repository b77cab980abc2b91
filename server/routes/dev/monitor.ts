// Issue #15: the /dev/monitor page's figures (non-production only: registered by
// server/routes/dev/index.ts, which returns early in production). The same sources as /api/metrics.
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { commonErrors } from '../../../src/contracts/common.ts'
import { devMonitorSchema, MONITOR_SLOW_QUERIES } from '../../../src/contracts/monitor.ts'
import { webhookLagLastHour } from '../../domain/webhooks/lag.ts'

export default async function devMonitorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  async function eventLoopLagMs() {
    const metric = app.metrics.registry.getSingleMetric('nodejs_eventloop_lag_p99_seconds')
    const value = (await metric?.get())?.values[0]?.value
    return value === undefined || !Number.isFinite(value) ? null : Math.max(0, value * 1000)
  }

  app.get(
    '/api/dev/monitor',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['dev'], response: { 200: devMonitorSchema, ...commonErrors } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      const memory = process.memoryUsage()
      const { kind, pool } = app.database
      return {
        sampledAt: new Date().toISOString(),
        process: {
          pid: process.pid,
          uptimeSeconds: process.uptime(),
          rssBytes: memory.rss,
          heapUsedBytes: memory.heapUsed,
          eventLoopLagMs: await eventLoopLagMs(),
        },
        database: {
          kind,
          pool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
        },
        live: { sockets: app.live.connections(), subscriptions: app.live.subscriptions() },
        bus: app.bus.counts(),
        jobs: await app.metrics.jobQueues(),
        webhookLag: await webhookLagLastHour(app.database.db),
        slowQueries: app.database.timings?.slowest(MONITOR_SLOW_QUERIES) ?? [],
        errors: app.recentErrors.read(),
      }
    },
  )
}
