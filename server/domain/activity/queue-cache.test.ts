// The overview's queue cache: one load per scope within QUEUE_CACHE_MS, a new one after, none kept
// when it failed, everything forgotten on clear (the bus's `reset`).
import { describe, expect, it } from 'vitest'
import type { MissionQueue } from '../../../src/contracts/activity.ts'
import { createQueueCache, QUEUE_CACHE_MS } from './queue-cache.ts'

const queue = (toHandOut: number): MissionQueue[] => [
  { id: 1, name: 'M', color: '#000000', toHandOut, recallsDue: 0, recallsOverdue: 0, expiringSoon: 0 },
]

describe('the queue cache', () => {
  it('loads a scope once per period, again after it, and after a failure or a clear', async () => {
    let clock = 0
    const cache = createQueueCache(() => clock)
    let loads = 0
    const load = () => Promise.resolve(queue(++loads))
    expect(await cache.get('a', load)).toEqual(queue(1))
    clock += QUEUE_CACHE_MS - 1
    expect(await cache.get('a', load)).toEqual(queue(1))
    expect(await cache.get('b', load)).toEqual(queue(2))
    clock += 1
    expect(await cache.get('a', load)).toEqual(queue(3))
    await expect(cache.get('c', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('c', load)).toEqual(queue(4))
    cache.clear()
    expect(await cache.get('a', load)).toEqual(queue(5))
  })
})
