// The connectivity wiring (issue #5): browser events, failed requests and the live socket make the
// app offline; only a successful probe brings it back; TanStack's onlineManager follows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { setLiveStatus, resetLiveStore } from '../live/live-store.ts'
import { connectivityStore, isOnline, reportServerUnreachable } from '../stores/connectivity.ts'
import { PROBE_DELAYS_MS, startConnectivity } from './connectivity.ts'

let stop: (() => void) | null = null
const target = new EventTarget()
const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })

beforeEach(() => {
  vi.useFakeTimers()
  resetLiveStore()
})
afterEach(() => {
  stop?.()
  stop = null
  vi.useRealTimers()
})

/** valtio notifies subscribers after a microtask. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0)
}

describe('connectivity', () => {
  it('follows the browser’s offline and online events, and onlineManager with it', async () => {
    const probe = vi.fn(async () => true)
    stop = startConnectivity({ probe, target, doc })
    target.dispatchEvent(new Event('offline'))
    await flush()
    expect(isOnline()).toBe(false)
    expect(onlineManager.isOnline()).toBe(false)

    target.dispatchEvent(new Event('online'))
    await flush()
    expect(isOnline()).toBe(true)
    expect(onlineManager.isOnline()).toBe(true)
  })

  it('after a failed request, probes the server until it answers, then is online again', async () => {
    let up = false
    const probe = vi.fn(async () => up)
    stop = startConnectivity({ probe, target, doc })
    reportServerUnreachable()
    await flush()
    expect(onlineManager.isOnline()).toBe(false)

    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[0])
    expect(probe).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[1])
    expect(probe).toHaveBeenCalledTimes(2)
    expect(isOnline()).toBe(false)

    up = true
    await vi.advanceTimersByTimeAsync(PROBE_DELAYS_MS[2])
    expect(probe).toHaveBeenCalledTimes(3)
    expect(isOnline()).toBe(true)
    expect(onlineManager.isOnline()).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(probe).toHaveBeenCalledTimes(3)
  })

  it('counts a dropped live socket as unreachable, and its return as reachable', async () => {
    const probe = vi.fn(async () => false)
    stop = startConnectivity({ probe, target, doc })
    setLiveStatus('connected')
    await flush()
    setLiveStatus('reconnecting', 1)
    await flush()
    expect(connectivityStore.serverReachable).toBe(false)
    setLiveStatus('reconnected')
    await flush()
    expect(connectivityStore.serverReachable).toBe(true)
  })

  it('retries a live channel that gave up once the server is back', async () => {
    const retryLive = vi.fn()
    stop = startConnectivity({ probe: async () => true, retryLive, target, doc })
    setLiveStatus('failed')
    reportServerUnreachable()
    await flush()
    target.dispatchEvent(new Event('online'))
    await flush()
    expect(isOnline()).toBe(true)
    expect(retryLive).toHaveBeenCalledTimes(1)
  })

  it('once stopped, leaves onlineManager to the browser’s events', async () => {
    startConnectivity({ probe: async () => false, target, doc })()
    reportServerUnreachable()
    await flush()
    expect(onlineManager.isOnline()).toBe(true)

    window.dispatchEvent(new Event('offline'))
    expect(onlineManager.isOnline()).toBe(false)
    window.dispatchEvent(new Event('online'))
    expect(onlineManager.isOnline()).toBe(true)
  })
})
