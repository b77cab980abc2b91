// Issue #14: the leaderboard's signal is coalesced per process — the first change of a quiet spell
// is signalled at once, a burst at most once per interval, and never later than the interval's end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCoalescer, SIGNAL_INTERVAL_MS } from './leaderboard.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the leaderboard signal’s coalescing', () => {
  it('sends the first change at once, folds a burst into one sent when the interval ends', () => {
    const send = vi.fn()
    const signal = createCoalescer(send, SIGNAL_INTERVAL_MS)
    signal.poke()
    expect(send).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(50)
    signal.poke()
    signal.poke()
    vi.advanceTimersByTime(100)
    signal.poke()
    expect(send).toHaveBeenCalledTimes(1)
    // 250 ms after the first: the burst's one signal.
    vi.advanceTimersByTime(SIGNAL_INTERVAL_MS - 150 - 1)
    expect(send).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(send).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(10 * SIGNAL_INTERVAL_MS)
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('after a quiet interval, a change is sent at once again; stop() drops a pending one', () => {
    const send = vi.fn()
    const signal = createCoalescer(send, SIGNAL_INTERVAL_MS)
    signal.poke()
    vi.advanceTimersByTime(SIGNAL_INTERVAL_MS)
    signal.poke()
    expect(send).toHaveBeenCalledTimes(2)
    signal.poke()
    signal.stop()
    vi.advanceTimersByTime(SIGNAL_INTERVAL_MS)
    expect(send).toHaveBeenCalledTimes(2)
  })
})
