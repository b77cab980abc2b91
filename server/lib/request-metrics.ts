// Issue #15's per-request metrics (http_requests_total, http_request_duration_seconds) kept in plain
// numbers per route, handed to prom-client only when scraped. prom-client hashes and validates the
// labels on every inc() and observe(), through labels() children too: a measurable share of every
// request (issue #27, bench/api-throughput.ts). Here a request adds to its route's own counters.
import { Counter, Histogram, type Registry } from 'prom-client'

export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

type Series = {
  method: string
  route: string
  /** Answers by status code. */
  statuses: Map<number, number>
  /** Observations per bucket (not cumulative), the last one past the largest bound. */
  buckets: number[]
  sum: number
  count: number
}

/** Records one answer of a route: its method, status and duration in seconds. */
export type RecordAnswer = (method: string, status: number, seconds: number) => void

type Labels = 'method' | 'route' | 'le'
type Exported = Awaited<ReturnType<Histogram<Labels>['get']>>

const DURATIONS = {
  name: 'http_request_duration_seconds',
  help: 'HTTP request durations, by method and route pattern',
} as const

/** The duration histogram, its values read from the series instead of prom-client's own store. */
class RouteDurations extends Histogram<Labels> {
  readonly series: () => Iterable<Series>

  constructor(registry: Registry, series: () => Iterable<Series>) {
    super({
      ...DURATIONS,
      labelNames: ['method', 'route'],
      buckets: [...DURATION_BUCKETS],
      registers: [registry],
    })
    this.series = series
  }

  override async get(): Promise<Exported> {
    const { name, help } = DURATIONS
    const values: Exported['values'] = []
    for (const one of this.series()) {
      const labels = { method: one.method, route: one.route }
      let cumulative = 0
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += one.buckets[i]!
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${name}_bucket` })
      })
      values.push(
        { labels: { le: '+Inf', ...labels }, value: one.count, metricName: `${name}_bucket` },
        { labels, value: one.sum, metricName: `${name}_sum` },
        { labels, value: one.count, metricName: `${name}_count` },
      )
    }
    // prom-client's types say an enum; its registry writes `# TYPE` from this string, as its own do.
    const type = 'histogram' as unknown as Exported['type']
    return { name, help, type, aggregator: 'sum', values, collect: () => undefined }
  }

  /** The registry's text export reads this one when a metric has it (prom-client's Histogram does). */
  getForPromString() {
    return this.get()
  }
}

export function createRequestMetrics(registry: Registry) {
  const all: Series[] = []
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const one of all)
        for (const [status, count] of one.statuses)
          this.inc({ method: one.method, route: one.route, status: String(status) }, count)
    },
  })
  new RouteDurations(registry, () => all)

  /** The recorder of one route pattern ('unmatched' for answers of no route). */
  function recorderFor(route: string): RecordAnswer {
    const byMethod = new Map<string, Series>()
    return (method, status, seconds) => {
      let one = byMethod.get(method)
      if (!one) {
        one = {
          method,
          route,
          statuses: new Map(),
          buckets: Array(DURATION_BUCKETS.length + 1).fill(0),
          sum: 0,
          count: 0,
        }
        byMethod.set(method, one)
        all.push(one)
      }
      one.statuses.set(status, (one.statuses.get(status) ?? 0) + 1)
      let bucket = 0
      while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++
      one.buckets[bucket]! += 1
      one.sum += seconds
      one.count += 1
    }
  }

  return { recorderFor }
}
