// The TanStack Query persister over IndexedDB (issue #5, idb-keyval). persistQueryClientSubscribe
// hands it the whole client on every cache change; it keeps only the latest and writes at most once
// a second (one IndexedDB write for a burst of changes), and `flush` writes at once when the page
// hides (a pending write would otherwise be lost with the page).
import { del, get, set, type UseStore } from 'idb-keyval'
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core'

export const PERSIST_WRITE_DELAY_MS = 1000
const CLIENT_KEY = 'client'

export type IdbPersister = Persister & {
  /** Writes the pending client now (page hiding); resolves once it is stored. */
  flush: () => Promise<void>
  /** Drops a pending write (sign-out: nothing of that user may be written after it). */
  cancel: () => void
}

export type IdbPersisterOptions = {
  store: UseStore
  delayMs?: number
  /** Last check before a write: false drops the client (e.g. it holds another user's data). */
  accept?: (client: PersistedClient) => boolean
}

export function createIdbPersister({
  store,
  delayMs = PERSIST_WRITE_DELAY_MS,
  accept = () => true,
}: IdbPersisterOptions): IdbPersister {
  let pending: PersistedClient | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  function cancel(): void {
    clearTimeout(timer)
    timer = undefined
    pending = null
  }

  async function flush(): Promise<void> {
    const client = pending
    cancel()
    if (client && accept(client)) await set(CLIENT_KEY, client, store)
  }

  return {
    persistClient(client) {
      pending = client
      // Throttled, not debounced: a steady stream of changes (live events) still gets written.
      timer ??= setTimeout(() => void flush().catch(() => undefined), delayMs)
    },
    restoreClient: () => get<PersistedClient>(CLIENT_KEY, store),
    async removeClient() {
      cancel()
      await del(CLIENT_KEY, store)
    },
    flush,
    cancel,
  }
}
