/// <reference types="vite-plugin-pwa/vanillajs" />
// Service worker registration and update checks (issue #5): prompt mode — a new version waits until
// the user reloads ('Recharger', deferred while a call is ongoing). Checked every hour and when the
// tab comes back to the front (at most once a minute), only while the server can be reached.
import { registerSW } from 'virtual:pwa-register'
import { reportError } from '../app/sentry.ts'
import { isOnline } from '../stores/connectivity.ts'
import { activateWaitingVersion } from './activate-update.ts'
import { newVersionInControl, offerUpdate, reloadForNewVersion } from './update-store.ts'

const CHECK_EVERY_MS = 60 * 60 * 1000
const MIN_CHECK_GAP_MS = 60 * 1000

function keepCheckingForUpdates(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now()
  async function check(): Promise<void> {
    if (registration.installing || !isOnline() || Date.now() - lastCheck < MIN_CHECK_GAP_MS) return
    lastCheck = Date.now()
    try {
      await registration.update()
    } catch {
      // Server unreachable: the next check tries again.
    }
  }
  setInterval(() => void check(), CHECK_EVERY_MS)
  window.addEventListener('focus', () => void check())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check()
  })
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  // Loaded now, not when a new version arrives: that version's worker drops this build's chunks.
  void import('./update-prompt.tsx').catch(() => undefined)
  registerSW({
    immediate: true,
    // 'Recharger' activates the waiting worker itself (activate-update.ts): registerSW's own
    // updateServiceWorker reloads only pages that were controlled when they registered.
    onNeedRefresh: () =>
      offerUpdate(
        () =>
          void activateWaitingVersion({
            container: navigator.serviceWorker,
            getRegistration: () => navigator.serviceWorker.getRegistration(),
            reload: reloadForNewVersion,
          }).catch(reportError),
      ),
    onNeedReload: newVersionInControl,
    onRegisteredSW: (_url, registration) => {
      if (registration) keepCheckingForUpdates(registration)
    },
    onRegisterError: reportError,
  })
}
