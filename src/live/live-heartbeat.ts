// Liveness of one socket (spec §9: ping every 30 s). Browsers do not expose protocol-level pings,
// so the client pings in the protocol ({"type":"ping"}); a ping without its pong within 10 s means
// a dead connection, which a half-open TCP connection would otherwise hide for minutes.
import { PING_INTERVAL_MS } from '../contracts/live-core.ts'
import { PONG_TIMEOUT_MS, type LiveTimers } from './live-schedule.ts'

export type Heartbeat = {
  /** Pings every 30 s from now on. */
  start(): void
  stop(): void
  /** A pong arrived: the connection is alive. */
  receivedPong(): void
}

export type HeartbeatOptions = {
  timers: LiveTimers
  sendPing: () => void
  /** No pong in time: the connection is dead. */
  onDead: () => void
}

export function createHeartbeat({ timers, sendPing, onDead }: HeartbeatOptions): Heartbeat {
  let pingTimer: ReturnType<LiveTimers['setTimeout']> | null = null
  let pongTimer: ReturnType<LiveTimers['setTimeout']> | null = null

  function clearPong(): void {
    if (pongTimer !== null) timers.clearTimeout(pongTimer)
    pongTimer = null
  }

  function schedulePing(): void {
    pingTimer = timers.setTimeout(() => {
      sendPing()
      pongTimer ??= timers.setTimeout(() => {
        pongTimer = null
        onDead()
      }, PONG_TIMEOUT_MS)
      schedulePing()
    }, PING_INTERVAL_MS)
  }

  function stop(): void {
    if (pingTimer !== null) timers.clearTimeout(pingTimer)
    pingTimer = null
    clearPong()
  }

  return {
    start() {
      stop()
      schedulePing()
    },
    stop,
    receivedPong: clearPong,
  }
}
