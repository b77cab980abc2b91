// Issue #15: the process's Prometheus metrics (app.metrics), read by GET /api/metrics and the
// /dev/monitor page. A registry of this app's own (never prom-client's global one), so several apps
// in one process (the tests) do not clash. Per request: one counter increment and one histogram
// observation in onResponse (server/lib/request-metrics.ts); everything else (sockets, bus, jobs, pools) is read when scraped.
import fp from 'fastify-plugin'
import type { FastifyInstance, onResponseHookHandler } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { createRequestMetrics } from '../lib/request-metrics.ts'
import { hookList } from './session.ts'
import { readJobQueues, type JobQueueCounts } from '../lib/job-queue-counts.ts'
import { webhookLagLastHour } from '../domain/webhooks/lag.ts'

export type Metrics = {
  registry: Registry
  /** The job queues' counts, or null when the engine did not answer in time. */
  jobQueues: () => Promise<JobQueueCounts[] | null>
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    metrics: Metrics
  }
}

async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const jobQueues = () => readJobQueues(app.jobs.boss())

  // The route pattern (never the raw URL: ids and tokens would make unbounded label values). Each
  // route records through its own onResponse hook, added with the route (issue #27: nothing looked
  // up per request but the method); answers of no route (404s) through the global one.
  const requestMetrics = createRequestMetrics(registry)
  app.addHook('onRoute', (route) => {
    const record = requestMetrics.recorderFor(route.url)
    const count: onResponseHookHandler = (request, reply, done) => {
      record(request.method, reply.statusCode, reply.elapsedTime / 1000)
      done()
    }
    route.onResponse = [...hookList(route.onResponse), count]
  })
  const recordUnmatched = requestMetrics.recorderFor('unmatched')
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) recordUnmatched(request.method, reply.statusCode, reply.elapsedTime / 1000)
    done()
  })

  new Gauge({
    name: 'live_sockets',
    help: 'Open live (/ws) sockets of this process',
    registers: [registry],
    collect() {
      this.set(app.live.connections())
    },
  })
  new Gauge({
    name: 'live_subscriptions',
    help: 'Channel subscriptions of this process’s live sockets',
    registers: [registry],
    collect() {
      this.set(app.live.subscriptions())
    },
  })
  const busCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset()
        this.inc(read())
      },
    })
  busCounter(
    'bus_messages_published_total',
    'Bus messages published by this process',
    () => app.bus.counts().published,
  )
  busCounter(
    'bus_messages_received_total',
    'Bus messages received from other processes (PostgreSQL NOTIFY)',
    () => app.bus.counts().received,
  )

  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs per queue and state (queued, active, failed), as the job engine last counted them',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const queue of (await jobQueues()) ?? []) {
        this.set({ queue: queue.name, state: 'queued' }, queue.queued)
        this.set({ queue: queue.name, state: 'active' }, queue.active)
        this.set({ queue: queue.name, state: 'failed' }, queue.failed)
      }
    },
  })

  const { pool } = app.database
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Main PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount)
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })
  }

  // Issue #15: every statement's duration (server/lib/query-timings.ts), and the webhook lag of the
  // last hour read from the database when scraped.
  const queryDurations = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'SQL statement durations in this process',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  app.database.timings?.listen((ms) => queryDurations.observe(ms / 1000))
  new Gauge({
    name: 'webhook_processing_lag_seconds',
    help: 'Telephony deliveries of the last hour, received to processed: median and maximum',
    labelNames: ['stat'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const lag = await webhookLagLastHour(app.database.db)
      if (lag.p50Ms !== null) this.set({ stat: 'p50' }, lag.p50Ms / 1000)
      if (lag.maxMs !== null) this.set({ stat: 'max' }, lag.maxMs / 1000)
    },
  })

  app.decorate('metrics', { registry, jobQueues } satisfies Metrics)
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['database', 'bus', 'jobs', 'live'] })
