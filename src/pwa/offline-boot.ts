// The offline layer of the boot (issues #5, #17): what the browser kept (the persisted query cache,
// drafts, changes stored offline) restored or dropped as the start's verdict says, then the cache
// saved for whoever is signed in. Its own chunk (issue #27), awaited before the first render when this
// browser holds a session or kept one (the server's shell preloads it for a signed-in visitor); a
// browser that kept nothing (the first visit of /login) loads it only when someone signs in.
import type { QueryClient } from '@tanstack/react-query'
import { forgetOutcomeDrafts } from '../stores/outcome-draft.ts'
import { startQueryPersistence } from './cache-persistence.ts'
import { dropStoredChanges } from './outbox-store.ts'
import { clearSignOutPending } from './pending-sign-out.ts'
import { restorePersistedCache } from './persisted-cache.ts'
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
  /** A user's session is known: the services a signed-in user needs start. */
  onSignedIn: () => void
  /** The session ended here or in another tab. */
  onSignedOut: () => void
}

/** Starts saving the cache for whoever is signed in (and wiping it at sign-out). */
export function startOfflineLayer(
  queryClient: QueryClient,
  { confirmedAtStart, onSignedIn, onSignedOut }: OfflineLayerOptions,
): void {
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
