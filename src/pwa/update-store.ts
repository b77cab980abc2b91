// The update flow's state (issue #5): a new service worker is waiting ('Nouvelle version
// disponible'), the user asked to reload, and how to apply it. The reload itself waits while a call
// is ongoing (src/pwa/update-notice.tsx); this module only says what is asked.
import { proxy } from 'valtio'

export type UpdateState = {
  /** A new version is installed and waiting, or already in control of another tab. */
  available: boolean
  /** Reload asked (the button, or another tab activated the new version): done once no call runs. */
  reloadRequested: boolean
}

export const updateStore = proxy<UpdateState>({ available: false, reloadRequested: false })

let reloading = false
/**
 * The page's one reload into the new version. The change of controller is reported twice (the
 * browser's controllerchange in activate-update.ts, workbox-window's `controlling` here): a second
 * location.reload() would abort the first navigation and start another.
 */
export function reloadForNewVersion(): void {
  if (reloading) return
  reloading = true
  window.location.reload()
}

/** Activates the waiting version (SKIP_WAITING; the page reloads when it takes control). */
let activate: () => void = reloadForNewVersion
/** The new version already controls this page (activated from another tab): a reload is enough. */
let controlling = false

/** registerSW's onNeedRefresh: `apply` sends SKIP_WAITING to the waiting worker. */
export function offerUpdate(apply: () => void): void {
  activate = apply
  updateStore.available = true
}

/** registerSW's onNeedReload: the new worker took control; this page runs the old code. */
export function newVersionInControl(): void {
  // This page asked for it (no call was ongoing): reload now.
  if (updateStore.reloadRequested) {
    reloadForNewVersion()
    return
  }
  // Another tab activated it: reload here too, once no call is ongoing (update-notice.tsx).
  controlling = true
  updateStore.available = true
  updateStore.reloadRequested = true
}

export function requestReload(): void {
  updateStore.reloadRequested = true
}

/** Called once the reload may happen (no call ongoing). */
export function applyUpdate(): void {
  if (controlling) {
    reloadForNewVersion()
    return
  }
  activate()
}

export function resetUpdateStore(): void {
  updateStore.available = false
  updateStore.reloadRequested = false
  controlling = false
  reloading = false
  activate = reloadForNewVersion
}
