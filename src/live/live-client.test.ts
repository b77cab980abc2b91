import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIVE_URL, liveServer } from '../../tests/mocks/live.ts'
import { PING_INTERVAL_MS, SESSION_ENDED_CLOSE_CODE } from '../contracts/live.ts'
import { createLiveClient, type LiveClient, type LiveClientOptions } from './live-client.ts'
import { PONG_TIMEOUT_MS, RECONNECTED_DISPLAY_MS } from './live-schedule.ts'
import { liveStore, resetLiveStore } from './live-store.ts'

let client: LiveClient | null = null
const onEvent = vi.fn()
const onSynced = vi.fn()
const onSessionEnded = vi.fn()
const onServerError = vi.fn()

function start(options: Partial<LiveClientOptions> = {}): LiveClient {
  client = createLiveClient({
    url: LIVE_URL,
    onEvent,
    onSynced,
    onSessionEnded,
    onServerError,
    random: () => 0.5,
    ...options,
  })
  client.open()
  return client
}

/** Lets msw's microtasks (open, messages, close) run; fake time does not move. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0)
}

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms)
}

function subscriptions(): unknown[] {
  return liveServer.received.filter((message) => (message as { type: string }).type !== 'ping')
}

/** Gaps between successive connection attempts, in ms. */
function gaps(): number[] {
  return liveServer.attempts.slice(1).map((time, index) => time - liveServer.attempts[index]!)
}

beforeEach(() => {
  vi.useFakeTimers()
  for (const mock of [onEvent, onSynced, onSessionEnded, onServerError]) mock.mockClear()
})

afterEach(() => {
  client?.close()
  client = null
  resetLiveStore()
  vi.useRealTimers()
})

describe('connecting', () => {
  it('is connected on the server’s `connected` event and then sends the subscriptions asked before it', async () => {
    const live = start()
    live.subscribe('user:3:experience')
    live.subscribe('user:3:lead:update')
    expect(liveStore.status).toBe('connecting')
    expect(liveServer.received).toEqual([])
    await settle()
    expect(liveStore.status).toBe('connected')
    expect(subscriptions()).toEqual([
      { type: 'subscribe', channel: 'user:3:experience' },
      { type: 'subscribe', channel: 'user:3:lead:update' },
    ])
  })

  it('waits for `connected`, not the socket’s opening, before subscribing', async () => {
    liveServer.options.sendConnected = false
    const live = start()
    live.subscribe('user:3:experience')
    await settle()
    expect(liveServer.openSockets()).toBe(1)
    expect(liveStore.status).toBe('connecting')
    expect(subscriptions()).toEqual([])
  })

  it('sends subscribe and unsubscribe at once when ready, each channel once', async () => {
    const live = start()
    await settle()
    live.subscribe('badge:3')
    live.subscribe('badge:3')
    live.unsubscribe('badge:3')
    live.unsubscribe('badge:3')
    await settle()
    expect(subscriptions()).toEqual([
      { type: 'subscribe', channel: 'badge:3' },
      { type: 'unsubscribe', channel: 'badge:3' },
    ])
  })

  it('passes channel traffic to onEvent and server errors to onServerError', async () => {
    start()
    await settle()
    liveServer.publish('user:3:experience', { experiencePoints: 12, gained: 2 })
    liveServer.publish('error', { message: 'Abonnement refusé.' })
    await settle()
    expect(onEvent).toHaveBeenCalledExactlyOnceWith('user:3:experience', { experiencePoints: 12, gained: 2 })
    expect(onServerError).toHaveBeenCalledExactlyOnceWith({ message: 'Abonnement refusé.' })
  })
})

describe('reconnection schedule', () => {
  // random 0 gives the earliest jitter (−10 %), random → 1 the latest (+10 %).
  it.each([
    { random: 0, delays: [1800, 3600, 5400, 7200, 9000] },
    { random: 0.5, delays: [2000, 4000, 6000, 8000, 10_000] },
    { random: 0.999_999, delays: [2200, 4400, 6600, 8800, 11_000] },
  ])(
    'after a loss, tries 5 times after 2, 4, 6, 8, 10 s (random $random: $delays), then fails',
    async ({ random, delays }) => {
      start({ random: () => random })
      await settle()
      liveServer.options.up = false
      liveServer.drop()
      await settle()
      expect(liveStore).toMatchObject({ status: 'reconnecting', attempt: 1 })
      const retries = () => liveServer.attempts.length - 1

      for (const [index, delay] of delays.entries()) {
        await advance(delay - 1)
        expect(retries()).toBe(index)
        await advance(1)
        expect(retries()).toBe(index + 1)
        await settle()
        expect(liveStore).toMatchObject(
          index < 4 ? { status: 'reconnecting', attempt: index + 2 } : { status: 'failed', attempt: 0 },
        )
      }
      // Failed is final until the user asks: nothing more is tried.
      await advance(60_000)
      expect(retries()).toBe(5)
    },
  )

  it('Réessayer starts over: one attempt at once, then the whole schedule again', async () => {
    const live = start()
    liveServer.options.up = false
    await settle()
    liveServer.drop()
    await advance(30_000)
    expect(liveStore.status).toBe('failed')
    const before = liveServer.attempts.length

    live.retry()
    await settle()
    expect(liveServer.attempts).toHaveLength(before + 1)
    expect(liveStore).toMatchObject({ status: 'reconnecting', attempt: 1 })
    await advance(2000 + 4000 + 6000 + 8000 + 10_000)
    expect(gaps().slice(-5)).toEqual([2000, 4000, 6000, 8000, 10_000])
    expect(liveStore.status).toBe('failed')

    liveServer.options.up = true
    live.retry()
    await settle()
    expect(liveStore.status).toBe('reconnected')
  })

  it('a failed first connection follows the same schedule', async () => {
    liveServer.options.up = false
    start()
    await settle()
    expect(liveStore).toMatchObject({ status: 'reconnecting', attempt: 1 })
    liveServer.options.up = true
    await advance(2000)
    expect(liveStore.status).toBe('reconnected')
  })
})

describe('synced', () => {
  it('pings after the subscriptions and reports them in place on its pong, on the first socket too', async () => {
    liveServer.options.answerPings = false
    const live = start()
    live.subscribe('user:3:ongoing-call:update')
    await settle()
    // The ping follows the subscriptions: the server handles a socket's messages in order.
    expect(liveServer.received).toEqual([
      { type: 'subscribe', channel: 'user:3:ongoing-call:update' },
      { type: 'ping' },
    ])
    expect(liveStore.status).toBe('connected')
    expect(onSynced).not.toHaveBeenCalled()

    liveServer.publish('pong', null)
    await settle()
    expect(onSynced).toHaveBeenCalledExactlyOnceWith(false)
  })

  it('waits for the pong of its own ping, not an earlier heartbeat pong', async () => {
    liveServer.options.answerPings = false
    const live = start()
    live.subscribe('user:3:experience')
    await settle()
    live.subscribe('badge:3')
    await settle()
    // Two pings are out (one per batch): the first pong only confirms the first batch.
    liveServer.publish('pong', null)
    await settle()
    expect(onSynced).not.toHaveBeenCalled()
    liveServer.publish('pong', null)
    await settle()
    expect(onSynced).toHaveBeenCalledOnce()
  })

  it('sends no ping and reports nothing when there is nothing to subscribe to', async () => {
    start()
    await settle()
    expect(liveServer.received).toEqual([])
    expect(onSynced).not.toHaveBeenCalled()
  })
})

describe('reconnected', () => {
  it('shows reconnected for 2 s then connected, resubscribes to every channel and reports it once', async () => {
    const live = start()
    live.subscribe('user:3:experience')
    await settle()
    live.subscribe('badge:3')
    await settle()
    liveServer.received.length = 0
    onSynced.mockClear()

    liveServer.drop()
    await settle()
    expect(liveStore.status).toBe('reconnecting')
    live.subscribe('tentacall:3')
    await advance(2000)
    expect(liveStore.status).toBe('reconnected')
    expect(onSynced).toHaveBeenCalledExactlyOnceWith(true)
    expect(subscriptions()).toEqual([
      { type: 'subscribe', channel: 'user:3:experience' },
      { type: 'subscribe', channel: 'badge:3' },
      { type: 'subscribe', channel: 'tentacall:3' },
    ])
    await advance(RECONNECTED_DISPLAY_MS - 1)
    expect(liveStore.status).toBe('reconnected')
    await advance(1)
    expect(liveStore.status).toBe('connected')
  })

  it('does not resubscribe to a channel given up while disconnected', async () => {
    const live = start()
    live.subscribe('badge:3')
    live.subscribe('user:3:experience')
    await settle()
    liveServer.drop()
    await settle()
    live.unsubscribe('badge:3')
    liveServer.received.length = 0
    await advance(2000)
    expect(subscriptions()).toEqual([{ type: 'subscribe', channel: 'user:3:experience' }])
  })

  it('starts the attempts over after a success', async () => {
    start()
    await settle()
    liveServer.options.up = false
    liveServer.drop()
    await advance(2000 + 4000)
    expect(liveStore).toMatchObject({ status: 'reconnecting', attempt: 3 })
    liveServer.options.up = true
    await advance(6000)
    expect(liveStore.status).toBe('reconnected')
    liveServer.drop()
    await settle()
    expect(liveStore).toMatchObject({ status: 'reconnecting', attempt: 1 })
    const lostAt = Date.now()
    await advance(2000)
    expect(liveServer.attempts.at(-1)! - lostAt).toBe(2000)
  })
})

describe('liveness', () => {
  it('pings every 30 s and stays connected while pongs come back', async () => {
    start()
    await settle()
    await advance(3 * PING_INTERVAL_MS + 1000)
    expect(liveServer.received).toEqual([{ type: 'ping' }, { type: 'ping' }, { type: 'ping' }])
    expect(liveStore.status).toBe('connected')
    expect(liveServer.attempts).toHaveLength(1)
  })

  it('a ping without pong within 10 s is a dead connection: it reconnects', async () => {
    liveServer.options.answerPings = false
    start()
    await settle()
    await advance(PING_INTERVAL_MS)
    expect(liveServer.received).toEqual([{ type: 'ping' }])
    await advance(PONG_TIMEOUT_MS - 1)
    expect(liveStore.status).toBe('connected')
    await advance(1)
    expect(liveStore).toMatchObject({ status: 'reconnecting', attempt: 1 })
    expect(liveServer.openSockets()).toBe(0)
    await advance(2000)
    expect(liveServer.attempts).toHaveLength(2)
    expect(liveStore.status).toBe('reconnected')
  })
})

describe('stopping', () => {
  it('a session ended by the server (4001) is not reconnected and is reported', async () => {
    start()
    await settle()
    liveServer.drop(SESSION_ENDED_CLOSE_CODE)
    await settle()
    expect(liveStore.status).toBe('idle')
    expect(onSessionEnded).toHaveBeenCalledOnce()
    await advance(60_000)
    expect(liveServer.attempts).toHaveLength(1)
  })

  it('close() closes the socket for good', async () => {
    const live = start()
    await settle()
    live.close()
    await settle()
    expect(liveStore.status).toBe('idle')
    expect(liveServer.openSockets()).toBe(0)
    await advance(60_000)
    expect(liveServer.attempts).toHaveLength(1)
    expect(liveServer.received).toEqual([])
  })
})
