// Drives the connectivity store and TanStack's onlineManager (issue #5): offline when the browser
// says so, when a request fails for want of a network (src/api/client.ts) or when the live socket
// drops; back online only once GET /api/healthcheck answers (probed while unreachable, at once on
// the browser's `online` event and when the tab becomes visible). Back online, paused queries
// resume, the outbox replays (src/pwa/deferred-changes.ts) and a live channel that gave up retries.
import { onlineManager } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import { liveStore, type LiveStatus } from '../live/live-store.ts'
import {
  connectivityStore,
  isOnline,
  reportServerReachable,
  reportServerUnreachable,
  setBrowserOnline,
} from '../stores/connectivity.ts'

/** Delays between probes while the server is unreachable: quick at first, then every 30 s. */
export const PROBE_DELAYS_MS = [1000, 3000, 5000, 10_000, 20_000, 30_000] as const

export type ConnectivityOptions = {
  /** true when the server answered. */
  probe?: () => Promise<boolean>
  /** The live channel gave up (`failed`) and the server is back: try it again. */
  retryLive?: () => void
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
}

export async function probeServer(): Promise<boolean> {
  try {
    const response = await fetch('/api/healthcheck', {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}

const UP: readonly LiveStatus[] = ['connected', 'reconnected']

/** TanStack's own listener for onlineManager, given back when this wiring stops: the browser's events. */
function followBrowserEvents(setOnline: (online: boolean) => void): () => void {
  const handleOnline = () => setOnline(true)
  const handleOffline = () => setOnline(false)
  window.addEventListener('online', handleOnline)
  window.addEventListener('offline', handleOffline)
  return () => {
    window.removeEventListener('online', handleOnline)
    window.removeEventListener('offline', handleOffline)
  }
}

export function startConnectivity({
  probe = probeServer,
  retryLive,
  target = window,
  doc = document,
}: ConnectivityOptions = {}): () => void {
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let probing = false

  async function checkNow(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    if (probing || !connectivityStore.browserOnline || connectivityStore.serverReachable) return
    probing = true
    const reachable = await probe()
    probing = false
    if (reachable) {
      attempt = 0
      reportServerReachable()
    } else {
      schedule()
    }
  }

  function schedule(): void {
    if (timer !== undefined || isOnline() || !connectivityStore.browserOnline) return
    const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]!
    attempt += 1
    timer = setTimeout(() => void checkNow(), delay)
  }

  const handleOnline = () => {
    setBrowserOnline(true)
    void checkNow()
  }
  const handleOffline = () => setBrowserOnline(false)
  const handleVisibility = () => {
    if (doc.visibilityState === 'visible') void checkNow()
  }
  target.addEventListener('online', handleOnline)
  target.addEventListener('offline', handleOffline)
  doc.addEventListener('visibilitychange', handleVisibility)

  // Only transitions count: a socket that stays down while HTTP works must not flap the state.
  let liveWasUp = UP.includes(liveStore.status)
  const stopLive = subscribe(liveStore, () => {
    const up = UP.includes(liveStore.status)
    if (up && !liveWasUp) reportServerReachable()
    if (!up && liveWasUp && liveStore.status === 'reconnecting') reportServerUnreachable()
    liveWasUp = up
  })

  let wasOnline = isOnline()
  const stopStore = subscribe(connectivityStore, () => {
    const online = isOnline()
    if (!online) schedule()
    if (online && !wasOnline) {
      attempt = 0
      if (liveStore.status === 'failed') retryLive?.()
    }
    wasOnline = online
  })
  if (!isOnline()) schedule()

  // TanStack follows this state instead of the browser's events alone.
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline())
    return subscribe(connectivityStore, () => setOnline(isOnline()), true)
  })

  return () => {
    clearTimeout(timer)
    target.removeEventListener('online', handleOnline)
    target.removeEventListener('offline', handleOffline)
    doc.removeEventListener('visibilitychange', handleVisibility)
    stopLive()
    stopStore()
    // Its listener above follows the store until replaced: onlineManager must not outlive this wiring.
    onlineManager.setEventListener(followBrowserEvents)
  }
}
