// The live channel's client (spec §4, §7 "Live channel", §9; issue #3): one socket per tab.
// - Liveness: live-heartbeat.ts (ping every 30 s, no pong within 10 s = a loss).
// - On loss: attempt n after 2 s × n (jittered, live-schedule.ts), at most 5, then `failed` until
//   retry() starts over; a success shows `reconnected` for 2 s, then `connected`.
// - The server's `connected` event (sent once the socket is authenticated) triggers the wanted
//   subscriptions: those asked before it came, and all of them again on every new socket.
// - Subscriptions are followed by a ping: the server handles a socket's messages in order, so its
//   pong says they are in place, and `onSynced` lets the page fetch what it may have missed between
//   its first requests and that moment (an inbound call raised meanwhile, issue #11).
// WebSocket, timers and randomness are injected (the default timers read the globals at call
// time, so vitest's fake timers apply; msw replaces the global WebSocket in tests).
import { LIVE_EVENTS, SESSION_ENDED_CLOSE_CODE, type ClientMessage } from '../contracts/live-core.ts'
import { createHeartbeat } from './live-heartbeat.ts'
import { encodeClientMessage, parseServerMessage } from './live-protocol.ts'
import {
  defaultTimers,
  MAX_RECONNECT_ATTEMPTS,
  RECONNECTED_DISPLAY_MS,
  reconnectDelay,
  type LiveTimers,
  type RandomSource,
} from './live-schedule.ts'
import { setLiveStatus } from './live-store.ts'

/** The part of a browser WebSocket the client uses. */
export type LiveSocket = {
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
  onerror: ((event: Event) => void) | null
}

export type CreateSocket = (url: string) => LiveSocket

export type LiveClientOptions = {
  url: string
  onEvent: (event: string, data: unknown) => void
  /**
   * Subscriptions just sent are in place on the server (the pong of the ping sent after them):
   * what changed before then was not delivered and must be fetched again.
   */
  onSynced?: (afterLoss: boolean) => void
  /** The server closed the socket because the session ended (4001): no reconnection. */
  onSessionEnded?: () => void
  /** An `error` event of the server (refused subscription, unknown message). */
  onServerError?: (data: unknown) => void
  createSocket?: CreateSocket
  timers?: LiveTimers
  random?: RandomSource
}

export type LiveClient = {
  /** Opens the socket (once); the status goes to `connecting`. */
  open(): void
  /** Closes for good: no reconnection, status `idle`. */
  close(): void
  /** Starts over after `failed`: one attempt now, then the whole schedule again. */
  retry(): void
  subscribe(channel: string): void
  unsubscribe(channel: string): void
}

function createBrowserSocket(url: string): LiveSocket {
  return new WebSocket(url)
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const { url, onEvent, createSocket = createBrowserSocket, timers = defaultTimers, random } = options
  const wanted = new Set<string>()
  const heartbeat = createHeartbeat({ timers, sendPing, onDead: handleLoss })
  let socket: LiveSocket | null = null
  /** Pings sent and pongs received on the current socket; pongs come back in order. */
  let pingsSent = 0
  let pongsReceived = 0
  /** The ping whose pong confirms the latest subscriptions (0: none awaited). */
  let syncPing = 0
  /** Those subscriptions restore a channel lost meanwhile (a reconnection), not a first one. */
  let syncAfterLoss = false
  /** The current socket got the server's `connected`: subscriptions may be sent. */
  let ready = false
  let started = false
  let attempt = 0
  /** A loss happened since the last `connected`: the next one is a reconnection. */
  let recovering = false
  let reconnectTimer: ReturnType<LiveTimers['setTimeout']> | null = null
  let reconnectedTimer: ReturnType<LiveTimers['setTimeout']> | null = null

  function clearTimers(): void {
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer)
    if (reconnectedTimer !== null) timers.clearTimeout(reconnectedTimer)
    reconnectTimer = reconnectedTimer = null
  }

  function send(message: ClientMessage): void {
    socket?.send(encodeClientMessage(message))
  }

  function sendPing(): void {
    pingsSent += 1
    send({ type: 'ping' })
  }

  /** Sends subscription changes, then the ping whose pong says the server applied them. */
  function sendSubscriptions(messages: ClientMessage[], afterLoss = false): void {
    if (messages.length === 0) return
    for (const message of messages) send(message)
    sendPing()
    syncPing = pingsSent
    syncAfterLoss ||= afterLoss
  }

  function handlePong(): void {
    heartbeat.receivedPong()
    pongsReceived += 1
    if (syncPing === 0 || pongsReceived < syncPing) return
    syncPing = 0
    const afterLoss = syncAfterLoss
    syncAfterLoss = false
    options.onSynced?.(afterLoss)
  }

  function connect(): void {
    reconnectTimer = null
    const current = createSocket(url)
    socket = current
    ready = false
    pingsSent = pongsReceived = syncPing = 0
    syncAfterLoss = false
    current.onopen = () => heartbeat.start()
    current.onmessage = (event) => handleMessage(event.data)
    current.onclose = (event) => handleClose(event.code)
    // An error is always followed by a close event, which decides what comes next.
    current.onerror = () => undefined
  }

  /** Forgets the current socket: no more events from it, and it is closed if still open. */
  function dropSocket(): void {
    heartbeat.stop()
    ready = false
    const previous = socket
    socket = null
    if (!previous) return
    previous.onopen = previous.onmessage = previous.onclose = previous.onerror = null
    previous.close()
  }

  function handleConnected(): void {
    const first = !ready
    ready = true
    attempt = 0
    sendSubscriptions(
      [...wanted].map((channel) => ({ type: 'subscribe', channel })),
      first && recovering,
    )
    // A repeated `connected` on the same socket only sends the subscriptions again.
    if (!first) return
    if (!recovering) return setLiveStatus('connected')
    recovering = false
    setLiveStatus('reconnected')
    reconnectedTimer = timers.setTimeout(() => {
      reconnectedTimer = null
      setLiveStatus('connected')
    }, RECONNECTED_DISPLAY_MS)
  }

  function handleMessage(raw: unknown): void {
    const message = parseServerMessage(raw)
    if (!message) return
    if (message.event === LIVE_EVENTS.pong) handlePong()
    else if (message.event === LIVE_EVENTS.connected) handleConnected()
    else if (message.event === LIVE_EVENTS.error) options.onServerError?.(message.data)
    else onEvent(message.event, message.data)
  }

  function handleClose(code: number): void {
    if (code !== SESSION_ENDED_CLOSE_CODE) return handleLoss()
    stop()
    options.onSessionEnded?.()
  }

  /** The socket closed, failed to open, or stopped answering pings. */
  function handleLoss(): void {
    dropSocket()
    clearTimers()
    recovering = true
    if (attempt >= MAX_RECONNECT_ATTEMPTS) return setLiveStatus('failed')
    attempt += 1
    setLiveStatus('reconnecting', attempt)
    reconnectTimer = timers.setTimeout(connect, reconnectDelay(attempt, random))
  }

  function stop(): void {
    started = false
    clearTimers()
    dropSocket()
    setLiveStatus('idle')
  }

  return {
    open() {
      if (started) return
      started = true
      attempt = 0
      recovering = false
      setLiveStatus('connecting')
      connect()
    },
    close: stop,
    retry() {
      if (!started || socket) return
      clearTimers()
      attempt = 0
      setLiveStatus('reconnecting')
      connect()
    },
    subscribe(channel) {
      if (wanted.has(channel)) return
      wanted.add(channel)
      if (ready) sendSubscriptions([{ type: 'subscribe', channel }])
    },
    unsubscribe(channel) {
      if (!wanted.delete(channel)) return
      if (ready) send({ type: 'unsubscribe', channel })
    },
  }
}
