// Issue #15 "/dev/monitor", errors of the last hour, in this process: answers with a status of 400 or
// more counted by method, route pattern (never the raw URL) and status, per minute over the last
// hour; and the last few unexpected errors (500) with a message stripped of what could be personal
// data or a secret (e-mail addresses, numbers, quoted values, key values in database messages).
const HOUR_MS = 60 * 60 * 1000
const MINUTE_MS = 60 * 1000
const KEPT_MESSAGES = 10

export type ErrorCount = { method: string; route: string; status: number; count: number }
export type RecentError = { at: string; method: string; route: string; message: string }

export type RecentErrors = {
  count: (method: string, route: string, status: number) => void
  remember: (method: string, route: string, error: unknown) => void
  read: (now?: number) => { total: number; byRoute: ErrorCount[]; recent: RecentError[] }
}

/** The error's kind and the first line of its message, without values that could name someone. */
export function scrubbedMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error'
  const message = error instanceof Error ? error.message : String(error)
  const line = (message.split('\n')[0] ?? '')
    // Word by word (a regular expression around `@` would backtrack quadratically on long input).
    .split(' ')
    .map((word) => (word.includes('@') ? '[e-mail]' : word))
    .join(' ')
    .replace(/=\([^)]*\)/g, '=(…)')
    .replace(/'[^']*'|"[^"]*"/g, '…')
    .replace(/\b[\w-]{24,}\b/g, '[…]')
    .replace(/\+?\d[\d\s.-]{2,}\d/g, '[n]')
  return `${name}: ${line}`.slice(0, 200)
}

export function createRecentErrors(clock: () => number = Date.now): RecentErrors {
  const minutes = new Map<number, Map<string, number>>()
  const recent: (RecentError & { atMs: number })[] = []

  function prune(now: number) {
    for (const minute of minutes.keys()) if (minute <= now - HOUR_MS) minutes.delete(minute)
    while (recent.length && recent[0]!.atMs <= now - HOUR_MS) recent.shift()
  }

  return {
    count(method, route, status) {
      const now = clock()
      const minute = now - (now % MINUTE_MS)
      let counts = minutes.get(minute)
      if (!counts) {
        prune(now)
        counts = new Map()
        minutes.set(minute, counts)
      }
      const key = `${method} ${status} ${route}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    },
    remember(method, route, error) {
      const now = clock()
      recent.push({
        at: new Date(now).toISOString(),
        atMs: now,
        method,
        route,
        message: scrubbedMessage(error),
      })
      if (recent.length > KEPT_MESSAGES) recent.shift()
    },
    read(now = clock()) {
      prune(now)
      const merged = new Map<string, number>()
      for (const counts of minutes.values())
        for (const [key, n] of counts) merged.set(key, (merged.get(key) ?? 0) + n)
      const byRoute = [...merged]
        .map(([key, count]) => {
          const [method, status, ...route] = key.split(' ')
          return { method: method!, status: Number(status), route: route.join(' '), count }
        })
        .sort((a, b) => b.count - a.count)
      return {
        total: byRoute.reduce((sum, one) => sum + one.count, 0),
        byRoute,
        recent: recent.map(({ at, method, route, message }) => ({ at, method, route, message })).reverse(),
      }
    },
  }
}
