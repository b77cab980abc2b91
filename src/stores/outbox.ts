// Client-owned state of the outbox (conventions §3.3, issue #5): how many of the signed-in user's
// changes wait to be sent; shown by the offline banner. Written by src/pwa/deferred-changes.ts.
import { proxy } from 'valtio'

export const outboxStore = proxy({ pending: 0 })

export function setPendingChanges(count: number): void {
  outboxStore.pending = count
}

/** Back to nothing waiting (nobody signed in; tests). */
export function resetOutboxStore(): void {
  outboxStore.pending = 0
}
