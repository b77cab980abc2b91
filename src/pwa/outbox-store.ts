// Where the outbox keeps its changes (IndexedDB `centre-appels-outbox`), and dropping them when a
// session's end says so (issue #17, docs/domain.md "Offline"): an explicit sign-out, another user,
// or a session that lapsed longer ago than the idle limit. A light module: the boot uses it before
// the outbox itself (src/pwa/deferred-changes.ts) is loaded. Drops are serialised, and the outbox
// waits for them (`storedChangesSettled`) before it reads or sends anything.
import { clear, createStore, delMany, entries, type UseStore } from 'idb-keyval'

let store: UseStore | null = null

export function storedChangesDatabase(): UseStore {
  store ??= createStore('centre-appels-outbox', 'changes')
  return store
}

let settled: Promise<void> = Promise.resolve()

/**
 * Drops every stored change except those of `keepUserId` (null: all of them). Resolves once done;
 * a failure (IndexedDB unavailable) leaves what it could not read.
 */
export function dropStoredChanges(
  keepUserId: number | null,
  target: UseStore = storedChangesDatabase(),
): Promise<void> {
  settled = settled
    .then(async () => {
      if (keepUserId === null) return clear(target)
      const others = (await entries<IDBValidKey, { userId?: unknown } | undefined>(target))
        .filter(([, change]) => change?.userId !== keepUserId)
        .map(([key]) => key)
      if (others.length > 0) await delMany(others, target)
    })
    .catch(() => undefined)
  return settled
}

/**
 * Forgets the database handle and the drops asked so far (tests: each one gets a new, empty IndexedDB
 * and must not wait for a drop left over from another).
 */
export function resetStoredChanges(): void {
  store = null
  settled = Promise.resolve()
}

/** Resolves once the drops asked so far are done. */
export function storedChangesSettled(): Promise<void> {
  return settled
}
