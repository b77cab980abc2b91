// Issue #14: the leaderboard's signal is coalesced per process — the first change of a quiet spell
// is signalled at once, a burst at most once per interval, and never later than the interval's end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCoalescer, MAX_CACHED_BOARDS, setBounded, SIGNAL_INTERVAL_MS } from './leaderboard.ts'

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

describe('the boards kept per process', () => {
  it('never hold more than their bound, whatever team ids are asked: the oldest go first', () => {
    const boards = new Map<string, number>()
    for (let teamId = 1; teamId <= 10 * MAX_CACHED_BOARDS; teamId++)
      setBounded(boards, `today:${teamId}`, teamId, MAX_CACHED_BOARDS)
    expect(boards.size).toBe(MAX_CACHED_BOARDS)
    expect(boards.has(`today:${10 * MAX_CACHED_BOARDS}`)).toBe(true)
    expect(boards.has('today:1')).toBe(false)
    // A board read again becomes the newest.
    setBounded(boards, `today:${9 * MAX_CACHED_BOARDS + 1}`, 0, MAX_CACHED_BOARDS)
    setBounded(boards, 'week:', 0, MAX_CACHED_BOARDS)
    expect(boards.has(`today:${9 * MAX_CACHED_BOARDS + 1}`)).toBe(true)
    expect(boards.has(`today:${9 * MAX_CACHED_BOARDS + 2}`)).toBe(false)
  })
})
