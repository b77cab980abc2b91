// The query cache persisted to IndexedDB (issue #5, docs/decisions.md "Offline"): restored before the
// first render so that a reload — offline too — shows the last data at once. Saving it while a user
// is signed in, and wiping it when the session ends or changes, is cache-persistence.ts.
// Whose data it is: the `owner` key, written when a user's cache starts being saved. The buster is
// build + owner, and the restored `me` must be the owner, so a cache is never restored for a build
// or a user it was not written by. Issue #17: the boot also names whose data may be restored at all
// (`expectedOwner`, from src/pwa/session-record.ts): a stale one or another user's is dropped.
import { createStore, delMany, get, type UseStore } from 'idb-keyval'
import { persistQueryClientRestore, type PersistedClient } from '@tanstack/query-persist-client-core'
import { partialMatchKey, type Query, type QueryClient } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import type { Me } from '../contracts/user.ts'
import { BUILD_ID } from '../sw/build-id.ts'
import { createIdbPersister } from './query-persister.ts'

/** Issue #5: persisted data older than a day is not restored. Query gcTime must be at least this. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000
/** A broken or slow IndexedDB must not hold the first render for long. */
export const RESTORE_TIMEOUT_MS = 1000
export const OWNER_KEY = 'owner'

export const defaultCacheStore = (): UseStore => createStore('centre-appels-cache', 'queries')

export function busterFor(userId: number, buildId = BUILD_ID): string {
  return `${buildId}:user-${userId}`
}

/**
 * Never saved, whatever created them (a live event's setQueryData carries no meta): the current
 * call is only ever the server's word now; restored, it would show a call that ended as ongoing.
 */
export const NEVER_PERSISTED: readonly (readonly unknown[])[] = [
  // callQueries.all() (src/api/calls.ts; checked equal by the tests), not imported: the calls
  // module stays out of the /login first visit.
  ['calls'],
  // Issue #14: who is on a call now (activityKeys.overview, src/api/activity-keys.ts): live or nothing.
  ['activity', 'overview'],
]

/** Saved: successful queries, except those above. */
export function shouldPersistQuery(query: Query): boolean {
  return (
    query.state.status === 'success' && !NEVER_PERSISTED.some((root) => partialMatchKey(query.queryKey, root))
  )
}

export const meKey = authQueries.me().queryKey

export function isMeQuery(queryKey: readonly unknown[]): boolean {
  return partialMatchKey(queryKey, meKey) && queryKey.length === meKey.length
}

/** The user whose `me` a persisted client holds, or null. */
export function ownerOf(client: PersistedClient): number | null {
  const me = client.clientState.queries.find((query) => isMeQuery(query.queryKey))?.state.data as
    Me | null | undefined
  return me ? me.id : null
}

function dropPersisted(store: UseStore): Promise<void> {
  return delMany(['client', OWNER_KEY], store)
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      () => {
        clearTimeout(timer)
        resolve(null)
      },
    )
  })
}

export type RestoreOptions = {
  store?: UseStore
  timeoutMs?: number
  buildId?: string
  /**
   * Whose data may be restored (issue #17, src/pwa/session-record.ts `judgeStoredData`): another
   * owner's is dropped, and null drops any. Undefined: the recorded owner's.
   */
  expectedOwner?: number | null
}

/**
 * Restores the persisted cache into `queryClient` (before the first render). Returns the owner's id,
 * or null when nothing was restored (none, expired, another build, unreadable, too slow).
 * Everything restored is marked stale: it shows at once and is fetched again as soon as the server
 * answers (an ongoing call is not persisted at all).
 */
export async function restorePersistedCache(
  queryClient: QueryClient,
  {
    store = defaultCacheStore(),
    timeoutMs = RESTORE_TIMEOUT_MS,
    buildId = BUILD_ID,
    expectedOwner,
  }: RestoreOptions = {},
): Promise<number | null> {
  const persister = createIdbPersister({ store })
  if (expectedOwner === null) {
    // Stale, or the server names nobody or someone else: nothing of it may show, nor stay.
    await withTimeout(dropPersisted(store), timeoutMs)
    return null
  }
  const read = Promise.all([get<number>(OWNER_KEY, store), get<PersistedClient>('client', store)])
  const stored = await withTimeout(read, timeoutMs)
  if (!stored) return null
  const [owner, client] = stored
  if (typeof owner !== 'number' || !client) return null
  if (expectedOwner !== undefined && owner !== expectedOwner) {
    await withTimeout(dropPersisted(store), timeoutMs)
    return null
  }
  try {
    await persistQueryClientRestore({
      queryClient,
      persister: { ...persister, restoreClient: () => client },
      maxAge: PERSIST_MAX_AGE_MS,
      buster: busterFor(owner, buildId),
    })
  } catch {
    return null
  }
  if (queryClient.getQueryData<Me | null>(meKey)?.id !== owner) {
    // Not this owner's data (or none left after the checks): nothing of it may show.
    queryClient.clear()
    await Promise.resolve(persister.removeClient()).catch(() => undefined)
    return null
  }
  void queryClient.invalidateQueries({ refetchType: 'none' })
  return owner
}
