import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PING_INTERVAL_MS } from '../contracts/live.ts'
import { createHeartbeat } from './live-heartbeat.ts'
import { defaultTimers, PONG_TIMEOUT_MS } from './live-schedule.ts'

const sendPing = vi.fn()
const onDead = vi.fn()

beforeEach(() => {
  vi.useFakeTimers()
  sendPing.mockClear()
  onDead.mockClear()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('heartbeat', () => {
  it('pings every 30 s while pongs come back', () => {
    const heartbeat = createHeartbeat({ timers: defaultTimers, sendPing, onDead })
    heartbeat.start()
    vi.advanceTimersByTime(PING_INTERVAL_MS - 1)
    expect(sendPing).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    for (let ping = 1; ping <= 3; ping += 1) {
      expect(sendPing).toHaveBeenCalledTimes(ping)
      heartbeat.receivedPong()
      vi.advanceTimersByTime(PING_INTERVAL_MS)
    }
    expect(onDead).not.toHaveBeenCalled()
    heartbeat.stop()
  })

  it('reports a dead connection when a pong is 10 s late, once', () => {
    const heartbeat = createHeartbeat({ timers: defaultTimers, sendPing, onDead })
    heartbeat.start()
    vi.advanceTimersByTime(PING_INTERVAL_MS + PONG_TIMEOUT_MS - 1)
    expect(onDead).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onDead).toHaveBeenCalledOnce()
    heartbeat.stop()
    vi.advanceTimersByTime(5 * PING_INTERVAL_MS)
    expect(sendPing).toHaveBeenCalledOnce()
    expect(onDead).toHaveBeenCalledOnce()
  })

  it('stop() ends pings and forgets a pending pong', () => {
    const heartbeat = createHeartbeat({ timers: defaultTimers, sendPing, onDead })
    heartbeat.start()
    vi.advanceTimersByTime(PING_INTERVAL_MS)
    heartbeat.stop()
    vi.advanceTimersByTime(5 * PING_INTERVAL_MS)
    expect(sendPing).toHaveBeenCalledOnce()
    expect(onDead).not.toHaveBeenCalled()
  })
})
