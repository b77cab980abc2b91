// Issue #14: a burst of `activity` signals refetches the activity screens once at once and once after
// the burst, never more than once a second.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../app/query-client.ts'
import { applyLiveEvent } from './live-events.ts'
import { ACTIVITY_REFRESH_MS } from './activity-refresh.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the activity signal', () => {
  it('invalidates the activity queries, leading and trailing, at most once a second', () => {
    const queryClient = createQueryClient()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue()
    const signal = () => applyLiveEvent(queryClient, 'user:2:activity', { userId: 11, cause: 'call' })
    expect(signal()).toBe(true)
    expect(invalidate).toHaveBeenCalledTimes(1)
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['activity'] })
    signal()
    signal()
    expect(invalidate).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(ACTIVITY_REFRESH_MS)
    expect(invalidate).toHaveBeenCalledTimes(2)
    vi.advanceTimersByTime(5 * ACTIVITY_REFRESH_MS)
    expect(invalidate).toHaveBeenCalledTimes(2)
    expect(applyLiveEvent(queryClient, 'user:2:activity', { userId: 11, cause: 'nap' })).toBe(false)
  })
})
