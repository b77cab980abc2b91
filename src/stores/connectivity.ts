// Client-owned connectivity state (conventions §3.3, issue #5): can the server be reached now?
// The browser's own flag says nothing about a server that is down or a corridor with Wi-Fi and no
// network behind it, so failed requests and the live socket count too (src/pwa/connectivity.ts);
// a probe of /api/healthcheck is the only way back to "reachable" after a failure.
import { proxy } from 'valtio'

export type ConnectivityState = {
  /** navigator.onLine and its online/offline events. */
  browserOnline: boolean
  /** false after a request failed for want of a network or the live socket dropped. */
  serverReachable: boolean
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine
}

export const connectivityStore = proxy<ConnectivityState>({
  browserOnline: browserOnline(),
  serverReachable: true,
})

export function isOnline(state: ConnectivityState = connectivityStore): boolean {
  return state.browserOnline && state.serverReachable
}

export function setBrowserOnline(online: boolean): void {
  connectivityStore.browserOnline = online
}

export function reportServerUnreachable(): void {
  connectivityStore.serverReachable = false
}

export function reportServerReachable(): void {
  connectivityStore.serverReachable = true
}

/** Back to the browser's view (tests). */
export function resetConnectivity(): void {
  connectivityStore.browserOnline = browserOnline()
  connectivityStore.serverReachable = true
}
