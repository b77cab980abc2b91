// Saving the query cache for the signed-in user (issue #5, docs/decisions.md "Offline"), following
// `me`: a user's cache is saved while they are signed in; another user starts a new one (the previous
// is wiped); no user (sign-out here or in another tab, a lapsed session) wipes it. Restoring is
// persisted-cache.ts.
import { del, set, type UseStore } from 'idb-keyval'
import { persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core'
import type { QueryClient } from '@tanstack/react-query'
import type { Me } from '../contracts/user.ts'
import { BUILD_ID } from '../sw/build-id.ts'
import {
  busterFor,
  defaultCacheStore,
  isMeQuery,
  meKey,
  OWNER_KEY,
  ownerOf,
  shouldPersistQuery,
} from './persisted-cache.ts'
import { createIdbPersister, type IdbPersister } from './query-persister.ts'

export type PersistenceHooks = {
  /** A user's session is known (boot, sign-in, another user replacing the previous one). */
  onSignedIn?: (userId: number) => void
  /** The session ended (sign-out here or in another tab, expiry): caches are being wiped. */
  onSignedOut?: () => void
}

export type PersistenceOptions = PersistenceHooks & {
  store?: UseStore
  buildId?: string
  delayMs?: number
  /** Where `pagehide` and `visibilitychange` come from (tests pass their own). */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
}

export type Persistence = {
  /** Writes the pending save now (the page is hiding). */
  flush: () => Promise<void>
  stop: () => void
}

/**
 * Saves the cache for the signed-in user while there is one, following `me`: a new user starts a
 * new cache (the previous one is wiped), no user (signed out) wipes it.
 */
export function startQueryPersistence(
  queryClient: QueryClient,
  {
    store = defaultCacheStore(),
    buildId = BUILD_ID,
    delayMs,
    onSignedIn,
    onSignedOut,
    win = window,
    doc = document,
  }: PersistenceOptions = {},
): Persistence {
  let session: { userId: number; persister: IdbPersister; unsubscribe: () => void } | null = null
  let wiping: Promise<void> = Promise.resolve()

  function end(): void {
    if (!session) return
    session.unsubscribe()
    session.persister.cancel()
    session = null
  }

  function wipe(): Promise<void> {
    wiping = Promise.all([del('client', store), del(OWNER_KEY, store)]).then(
      () => undefined,
      () => undefined,
    )
    return wiping
  }

  function begin(userId: number): void {
    const persister = createIdbPersister({ store, delayMs, accept: (client) => ownerOf(client) === userId })
    const options = {
      queryClient,
      persister,
      buster: busterFor(userId, buildId),
      dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
    }
    // The owner is recorded before any save of theirs (after a wipe of the previous user's, if any).
    const ready = wiping.then(() => set(OWNER_KEY, userId, store)).catch(() => undefined)
    const unsubscribeCaches = persistQueryClientSubscribe(options)
    // A change the user made (a comment queued offline shown in its sheet) is written at once, not a
    // second later: the page may be reloaded or closed right after it. The subscription above has
    // already handed the persister this very state (it listens first); only the write is hurried.
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return
      void ready.then(() => persister.flush()).catch(() => undefined)
    })
    const unsubscribe = () => {
      unsubscribeCaches()
      unsubscribeMutations()
    }
    session = { userId, persister, unsubscribe }
    // A first save at once: the cache may already hold everything the user will look at offline.
    void ready.then(() => {
      if (session?.persister === persister) void persistQueryClientSave(options)
    })
  }

  function follow(me: Me | null | undefined): void {
    if (me === undefined) return
    if (me === null) {
      end()
      void wipe()
      onSignedOut?.()
      return
    }
    if (session?.userId === me.id) return
    const switching = session !== null
    end()
    if (switching) void wipe()
    begin(me.id)
    onSignedIn?.(me.id)
  }

  const unsubscribeMe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    if (isMeQuery(event.query.queryKey)) follow(event.action.data as Me | null)
  })
  follow(queryClient.getQueryData<Me | null>(meKey))

  const flush = () => session?.persister.flush().catch(() => undefined) ?? Promise.resolve()
  // A pending save is written before the page goes (closed, reloaded, a tablet switching apps).
  const handlePageHide = () => void flush()
  const handleVisibility = () => {
    if (doc.visibilityState === 'hidden') void flush()
  }
  win.addEventListener('pagehide', handlePageHide)
  doc.addEventListener('visibilitychange', handleVisibility)

  return {
    flush,
    stop() {
      unsubscribeMe()
      win.removeEventListener('pagehide', handlePageHide)
      doc.removeEventListener('visibilitychange', handleVisibility)
      end()
    },
  }
}
