// Issue #15: the process's Prometheus metrics (app.metrics), read by GET /api/metrics and the
// /dev/monitor page. A registry of this app's own (never prom-client's global one), so several apps
// in one process (the tests) do not clash. Per request: one counter increment and one histogram
// observation in onResponse; everything else (sockets, bus, jobs, pools) is read when scraped.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
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

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  // The route pattern (never the raw URL: ids and tokens would make unbounded label values). The
  // labelled children are looked up once per method × route × status (prom-client otherwise hashes
  // the labels on every call), and the hook is synchronous: no promise per request.
  const series = new Map<string, { count: () => void; observe: (seconds: number) => void }>()
  function seriesOf(method: string, route: string, status: number) {
    const key = `${method} ${status} ${route}`
    let found = series.get(key)
    if (!found) {
      const counter = requests.labels(method, route, String(status))
      const histogram = durations.labels(method, route)
      found = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) }
      series.set(key, found)
    }
    return found
  }
  app.addHook('onResponse', (request, reply, done) => {
    const one = seriesOf(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode)
    one.count()
    one.observe(reply.elapsedTime / 1000)
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
