// The live leaderboard's server side (issue #14, docs/domain.md "Leaderboard"): `app.leaderboard`.
// - changed(): the standings may have changed (experience, an appointment, a badge): one `leaderboard`
//   signal through the bus (so every process's sockets get it), coalesced: at most one per
//   SIGNAL_INTERVAL_MS per process, the first of a quiet spell sent at once, later ones of a burst
//   folded into one sent when the interval ends (never delayed beyond it).
// - read(): the board of a period, computed once per process until the next signal (every wall screen
//   refetches on the signal: one computation serves them all) and at most CACHE_TTL_MS old, for what
//   changes without a signal (a renamed agent, a team change).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { channels } from '../../src/contracts/live.ts'
import type { Leaderboard, LeaderboardPeriod } from '../../src/contracts/leaderboard.ts'
import { periodDays, readLeaderboard } from '../domain/leaderboard/reads.ts'

export const SIGNAL_INTERVAL_MS = 250
const CACHE_TTL_MS = 5_000
/**
 * Boards kept per process at most (3 periods × everyone and each team, for a centre's teams). The
 * team id comes from the query: without a bound, reading every possible id would grow the map until
 * the next signal. The oldest entry goes first.
 */
export const MAX_CACHED_BOARDS = 64

export type LeaderboardService = {
  changed: () => void
  read: (query: { period: LeaderboardPeriod; teamId: number | null }) => Promise<Leaderboard>
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    leaderboard: LeaderboardService
  }
}

/** Leading and trailing throttle: `send` at once after a quiet interval, else once when it ends. */
export function createCoalescer(send: () => void, intervalMs: number, now: () => number = Date.now) {
  let lastSentAt = -Infinity
  let timer: ReturnType<typeof setTimeout> | null = null
  function fire() {
    timer = null
    lastSentAt = now()
    send()
  }
  return {
    poke() {
      if (timer !== null) return
      const wait = lastSentAt + intervalMs - now()
      if (wait <= 0) fire()
      else timer = setTimeout(fire, wait)
    },
    stop() {
      if (timer !== null) clearTimeout(timer)
      timer = null
    },
  }
}

/** Sets `key` as the newest entry of `map`, dropping the oldest ones beyond `max`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key)
  map.set(key, value)
  for (const oldest of map.keys()) {
    if (map.size <= max) break
    map.delete(oldest)
  }
}

async function leaderboardPlugin(app: FastifyInstance) {
  const { db } = app.database
  const cache = new Map<string, { board: Promise<Leaderboard>; at: number }>()

  const signal = createCoalescer(() => {
    app.live
      .publish(channels.leaderboard(), { at: new Date().toISOString() })
      .catch((error: unknown) => app.log.error({ err: error }, 'leaderboard: signal failed'))
  }, SIGNAL_INTERVAL_MS)

  // Every signal, this process's or another's, and a bus reset: the next read computes again.
  app.bus.subscribe('live', ({ channel }) => {
    if (channel === channels.leaderboard()) cache.clear()
  })
  app.bus.subscribe('reset', () => cache.clear())
  app.addHook('onClose', async () => signal.stop())

  function read({ period, teamId }: { period: LeaderboardPeriod; teamId: number | null }) {
    const now = new Date()
    const { from, to } = periodDays(period, now)
    const key = `${period}:${teamId ?? ''}:${from}:${to}`
    const cached = cache.get(key)
    if (cached && now.getTime() - cached.at < CACHE_TTL_MS) return cached.board
    const board = readLeaderboard(db, { period, teamId }, now)
    const entry = { board, at: now.getTime() }
    setBounded(cache, key, entry, MAX_CACHED_BOARDS)
    // A failed read is not kept; one cleared meanwhile (a signal) is not put back.
    board.catch(() => {
      if (cache.get(key) === entry) cache.delete(key)
    })
    return board
  }

  app.decorate('leaderboard', { changed: signal.poke, read } satisfies LeaderboardService)
}

export default fp(leaderboardPlugin, { name: 'leaderboard', dependencies: ['database', 'bus', 'live'] })
