// Issue #15 "/dev/monitor": the slowest SQL statements of the last hour, measured in this process
// (pg_stat_statements needs a server preload most installations lack, and PGlite has none). Each
// statement's duration is recorded under its **shape**: the SQL text with literals replaced by `?` and
// whitespace collapsed — parameter values are never seen (they travel apart from the text), and
// literals written into the text are removed. Per-minute buckets over the last hour; bounded memory.
const HOUR_MS = 60 * 60 * 1000
const MINUTE_MS = 60 * 1000
/** Shapes kept per minute at most (a flood of distinct texts cannot grow memory without bound). */
const MAX_SHAPES_PER_MINUTE = 500
const MAX_SHAPE_LENGTH = 300
const shapeCache = new Map<string, string>()

type Stat = { count: number; totalMs: number; maxMs: number }

export type SlowQuery = { shape: string; count: number; maxMs: number; avgMs: number }

export type QueryTimings = {
  record: (text: string, ms: number) => void
  /** The `limit` shapes of the last hour with the longest single run, longest first. */
  slowest: (limit: number, now?: number) => SlowQuery[]
  /** Forgets what was recorded (the migrations run at start are not the application's statements). */
  clear: () => void
  /** Called with each duration (the Prometheus histogram). */
  listen: (listener: (ms: number) => void) => void
}

/** The SQL text without its literals: strings, numbers, whitespace runs. */
export function shapeOf(text: string): string {
  const cached = shapeCache.get(text)
  if (cached !== undefined) return cached
  const shape = text
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\b\d+(?:\.\d+)?\b/g, '?')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SHAPE_LENGTH)
  if (shapeCache.size > 5_000) shapeCache.clear()
  shapeCache.set(text, shape)
  return shape
}

export function createQueryTimings(clock: () => number = Date.now): QueryTimings {
  const minutes = new Map<number, Map<string, Stat>>()
  const listeners: ((ms: number) => void)[] = []

  function prune(now: number) {
    for (const minute of minutes.keys()) if (minute <= now - HOUR_MS) minutes.delete(minute)
  }

  return {
    record(text, ms) {
      for (const listener of listeners) listener(ms)
      const now = clock()
      const minute = now - (now % MINUTE_MS)
      let stats = minutes.get(minute)
      if (!stats) {
        prune(now)
        stats = new Map()
        minutes.set(minute, stats)
      }
      const shape = shapeOf(text)
      const stat = stats.get(shape)
      if (stat) {
        stat.count += 1
        stat.totalMs += ms
        stat.maxMs = Math.max(stat.maxMs, ms)
      } else if (stats.size < MAX_SHAPES_PER_MINUTE) stats.set(shape, { count: 1, totalMs: ms, maxMs: ms })
    },
    slowest(limit, now = clock()) {
      prune(now)
      const merged = new Map<string, Stat>()
      for (const stats of minutes.values())
        for (const [shape, stat] of stats) {
          const into = merged.get(shape)
          if (!into) merged.set(shape, { ...stat })
          else {
            into.count += stat.count
            into.totalMs += stat.totalMs
            into.maxMs = Math.max(into.maxMs, stat.maxMs)
          }
        }
      return [...merged]
        .map(([shape, stat]) => ({
          shape,
          count: stat.count,
          maxMs: Math.round(stat.maxMs * 10) / 10,
          avgMs: Math.round((stat.totalMs / stat.count) * 10) / 10,
        }))
        .sort((a, b) => b.maxMs - a.maxMs)
        .slice(0, limit)
    },
    clear() {
      minutes.clear()
    },
    listen(listener) {
      listeners.push(listener)
    },
  }
}

type Queryable = { query: (...args: never[]) => unknown }

/**
 * Times every `query` of a client (a node-postgres client, a PGlite instance or one of its
 * transactions), in place: the promise form, and the callback form node-postgres's `Pool.query`
 * uses. A cursor (submittable) is passed through untimed.
 */
export function timeQueries<T extends Queryable>(client: T, timings: QueryTimings): T {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown
  const timed = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined
    const text = typeof first === 'string' ? first : first?.text
    const started = performance.now()
    const last = args.at(-1)
    if (text && typeof last === 'function') {
      const callback = last as (...results: unknown[]) => unknown
      args[args.length - 1] = (...results: unknown[]) => {
        timings.record(text, performance.now() - started)
        return callback(...results)
      }
      return original(...args)
    }
    const result = original(...args)
    if (text && result instanceof Promise) {
      const done = () => timings.record(text, performance.now() - started)
      result.then(done, done)
    }
    return result
  }
  client.query = timed as T['query']
  return client
}
