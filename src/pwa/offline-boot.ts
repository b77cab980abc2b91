// The offline layer of the boot (issues #5, #17): what the browser kept (the persisted query cache,
// drafts, changes stored offline) judged, restored or dropped, then the cache saved for whoever signs
// in, the connectivity probe and a sign-out made offline sent when the server answers. Its own chunk
// (issue #27): a signed-in start awaits it before the first render (the server's shell preloads it);
// a signed-out start (the first visit of /login) loads it once the page has loaded and is idle.
import type { QueryClient } from '@tanstack/react-query'
import { logout } from '../api/auth.ts'
import { forgetOutcomeDrafts } from '../features/leads/outcome-draft.ts'
import { loadNotificationsStack } from '../app/notifications-outlet.tsx'
import { startConnectivity } from './connectivity.ts'
import { startQueryPersistence } from './cache-persistence.ts'
import { dropStoredChanges } from './outbox-store.ts'
import { clearSignOutPending, startPendingSignOut } from './pending-sign-out.ts'
import { restorePersistedCache } from './persisted-cache.ts'
import { loadOfflineBanner } from './pwa-status.tsx'
import { forgetSignedInUserCookie, type StoredDataVerdict } from './session-record.ts'
import { announceUser, messageServiceWorker } from './sw-messages.ts'

/**
 * Applies the start's verdict to what the browser kept: the persisted cache is restored for the user
 * holding the session, or dropped (bounded by a timeout: a broken IndexedDB never holds the first
 * render for long); drafts and stored changes go when the verdict says so.
 */
export async function applyStoredDataVerdict(
  queryClient: QueryClient,
  verdict: StoredDataVerdict,
): Promise<void> {
  await restorePersistedCache(queryClient, { expectedOwner: verdict.restoreFor }).catch(() => null)
  if (verdict.dropDrafts) forgetOutcomeDrafts()
  if (verdict.dropChanges) void dropStoredChanges(null)
}

export type OfflineLayerOptions = {
  /** The `me` in the cache now is the server's word (its page, or a fetch), not restored data. */
  confirmedAtStart: boolean
  /** Retries the live channel once the server answers again. */
  retryLive: () => void
  /** A user's session is known: the services a signed-in user needs start. */
  onSignedIn: () => void
  /** The session ended here or in another tab. */
  onSignedOut: () => void
}

/** Starts saving the cache for whoever is signed in, the connectivity probe and a pending sign-out. */
export function startOfflineLayer(
  queryClient: QueryClient,
  { confirmedAtStart, retryLive, onSignedIn, onSignedOut }: OfflineLayerOptions,
): void {
  startConnectivity({ retryLive })
  // What the app shows when the network drops or a request fails is loaded now, while it can be.
  void loadOfflineBanner().catch(() => undefined)
  void loadNotificationsStack().catch(() => undefined)
  startPendingSignOut(() => logout())
  startQueryPersistence(queryClient, {
    confirmedAtStart,
    onSignedIn: (userId, keepsChanges) => {
      // A sign-in ended any session the server had not heard end (it rotates the session).
      clearSignOutPending()
      // Nobody else's drafts or changes stay; the user's own changes only within the idle window.
      forgetOutcomeDrafts(userId)
      void dropStoredChanges(keepsChanges ? userId : null)
      announceUser(userId)
      onSignedIn()
    },
    // Sign-out here or in another tab (session sync), or a lapsed session: the persisted cache is
    // wiped by the persistence itself; the drafts, the worker's user caches and the reporting user
    // go with it (issue #17). Changes stored offline wait (session-record.ts keepsStoredChanges).
    onSignedOut: () => {
      forgetSignedInUserCookie()
      forgetOutcomeDrafts()
      void messageServiceWorker({ type: 'LOGOUT' })
      onSignedOut()
    },
  })
}
