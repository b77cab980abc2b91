// Saving the query cache for the signed-in user (issue #5, docs/decisions.md "Offline"), following
// `me`: a user's cache is saved while they are signed in; another user starts a new one (the previous
// is wiped); no user (sign-out here or in another tab, a lapsed session) wipes it. Restoring is
// persisted-cache.ts. It also records when the server last confirmed the session (issue #17,
// src/pwa/session-record.ts): each answer of `me`, a sign-in, the server's page at start.
import { del, set, type UseStore } from 'idb-keyval'
import { persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core'
import type { QueryClient } from '@tanstack/react-query'
import { configQueries } from '../api/config.ts'
import type { AppConfigPayload, Me } from '../contracts/user.ts'
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
import { idleMsOf, keepsStoredChanges, readSessionRecord, recordSessionConfirmed } from './session-record.ts'

export type PersistenceHooks = {
  /**
   * A user's session is known (boot, sign-in, another user replacing the previous one).
   * `keepsChanges`: their changes stored offline stay (same user, within the idle window of the
   * last confirmation); anybody else's always go.
   */
  onSignedIn?: (userId: number, keepsChanges: boolean) => void
  /** The session ended (sign-out here or in another tab, expiry): caches are being wiped. */
  onSignedOut?: () => void
}

export type PersistenceOptions = PersistenceHooks & {
  store?: UseStore
  buildId?: string
  delayMs?: number
  /** The user present at start came from the server (the page it embedded), not from IndexedDB. */
  confirmedAtStart?: boolean
  /** Where the session record lives (tests pass their own). */
  recordStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null
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
    confirmedAtStart = false,
    recordStorage,
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

  function confirm(userId: number): void {
    const config = queryClient.getQueryData<AppConfigPayload>(configQueries.app().queryKey)
    recordSessionConfirmed(userId, idleMsOf(config), Date.now(), recordStorage)
  }

  /** `confirmed`: this `me` is the server's answer (not data restored from IndexedDB). */
  function follow(me: Me | null | undefined, confirmed: boolean): void {
    if (me === undefined) return
    if (me === null) {
      end()
      void wipe()
      onSignedOut?.()
      return
    }
    if (session?.userId === me.id) {
      if (confirmed) confirm(me.id)
      return
    }
    // Judged on the record as it was before this session's own confirmation overwrites it.
    const keepsChanges = keepsStoredChanges(readSessionRecord(recordStorage), me.id)
    const switching = session !== null
    end()
    if (switching) void wipe()
    if (confirmed) confirm(me.id)
    begin(me.id)
    onSignedIn?.(me.id, keepsChanges)
  }

  const unsubscribeMe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    if (!isMeQuery(event.query.queryKey)) return
    // After start, `me` changes only by the server's word: a fetch, a sign-in, another tab's
    // session change (fetched). A manual write of the same user (an optimistic preference, maybe
    // offline) confirms nothing; a manual write of another user is a sign-in.
    const me = event.action.data as Me | null
    const confirmed = event.action.manual !== true || (me !== null && session?.userId !== me.id)
    follow(me, confirmed)
  })
  follow(queryClient.getQueryData<Me | null>(meKey), confirmedAtStart)

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
