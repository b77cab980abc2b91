// Client-owned state of the live channel (conventions §3.3): the connection status the layout
// shows (spec §4 "Live-event connection states"). Written by the live client only.
import { proxy } from 'valtio'

/**
 * idle: no socket (signed out, or the layout is not mounted); connecting: first connection of the
 * session; connected; reconnecting: the connection was lost, attempt `attempt` of 5 is scheduled
 * or running; failed: the 5 attempts failed (the user may retry); reconnected: shown 2 s after a
 * successful reconnection, then connected.
 */
export const LIVE_STATUSES = [
  'idle',
  'connecting',
  'connected',
  'reconnecting',
  'failed',
  'reconnected',
] as const
export type LiveStatus = (typeof LIVE_STATUSES)[number]

export type LiveState = {
  status: LiveStatus
  /** Reconnection attempt in progress or scheduled (1–5); 0 when none. */
  attempt: number
}

export const liveStore = proxy<LiveState>({ status: 'idle', attempt: 0 })

export function setLiveStatus(status: LiveStatus, attempt = 0): void {
  liveStore.status = status
  liveStore.attempt = attempt
}

/** Back to no connection (the live client stopped; tests). */
export function resetLiveStore(): void {
  setLiveStatus('idle')
}
