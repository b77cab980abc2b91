// The outbox of changes that are safe to defer (issue #5, docs/domain.md "Offline"): a lead comment,
// a preference. Each change is written to IndexedDB before it is sent (write-ahead), with an id
// that is also its Idempotency-Key, and leaves the outbox only once the server has answered. So a
// change made offline, or in flight when the page reloaded, is sent again with the same key, and the
// server applies it once. Changes go out in the order they were made, one user at a time.
import { del, entries, set, type UseStore } from 'idb-keyval'
import type { DeferrableChange, SubmitOutcome } from '../api/deferral.ts'

export type { DeferredLabel, SubmitOutcome } from '../api/deferral.ts'

/** A deferrable change (described by src/api), and whose it is. */
export type DeferredChange = DeferrableChange & {
  /** The user who made it: replayed only within that user's session. */
  userId: number
}

export type OutboxEntry = DeferredChange & {
  /** Also the Idempotency-Key. */
  id: string
  createdAt: number
  /** Server failures (5xx) so far; network failures do not count. */
  attempts: number
}

/**
 * After a failed send: `wait` (keep it, try again when the connection or session is back), `retry`
 * (keep it and count the attempt: a server error), or `fail` (drop it; the user is told).
 */
export type FailureKind = 'wait' | 'retry' | 'fail'

export type ReplayReport = { applied: OutboxEntry[]; failed: { entry: OutboxEntry; error: unknown }[] }

export type OutboxDeps = {
  store: UseStore
  send: (entry: OutboxEntry) => Promise<unknown>
  classify: (error: unknown, entry: OutboxEntry) => FailureKind
  isOnline: () => boolean
  newId: () => string
  now?: () => number
  /** Serialises replays across tabs (Web Locks); runs `task` directly when absent. */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>
  /** Every applied change (submitted now or replayed): caches to refresh. */
  onApplied?: (entry: OutboxEntry, data: unknown) => void
  /** After a replay: the changes of earlier pages or offline moments that were applied or refused. */
  onReport?: (report: ReplayReport) => void
}

export type Outbox = {
  /** Stores the change, then sends it (after any older one) unless offline. Throws on refusal. */
  submit: (change: DeferredChange) => Promise<SubmitOutcome>
  /**
   * Sends the user's stored changes in order, once each; stops at the first that must wait (network,
   * server error). The report lists the replayed changes that were applied or refused.
   */
  replay: (userId: number) => Promise<ReplayReport>
  pending: (userId: number) => Promise<OutboxEntry[]>
}

type Settled = { status: 'sent'; data: unknown } | { status: 'failed'; error: unknown }

export function createOutbox(deps: OutboxDeps): Outbox {
  const { store, send, classify, isOnline, newId, now = Date.now, withLock = (task) => task() } = deps
  /** Submitters waiting for their own change: its result goes to them, not to the replay report. */
  const waiters = new Map<string, (settled: Settled) => void>()
  let running: Promise<void> | null = null
  let again = false
  let lastCreatedAt = 0
  let report: ReplayReport = { applied: [], failed: [] }

  async function pending(userId: number): Promise<OutboxEntry[]> {
    const all = await entries<string, OutboxEntry>(store)
    return all
      .map(([, entry]) => entry)
      .filter((entry) => entry.userId === userId)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
  }

  function settle(entry: OutboxEntry, settled: Settled): void {
    const waiter = waiters.get(entry.id)
    if (waiter) {
      waiters.delete(entry.id)
      waiter(settled)
    } else if (settled.status === 'sent') report.applied.push(entry)
    else report.failed.push({ entry, error: settled.error })
  }

  /** Sends the user's changes in order until none is left or one must wait. */
  async function drain(userId: number): Promise<void> {
    for (;;) {
      if (!isOnline()) return
      const [next] = await pending(userId)
      if (!next) return
      try {
        const data = await send(next)
        await del(next.id, store)
        deps.onApplied?.(next, data)
        settle(next, { status: 'sent', data })
      } catch (error) {
        const kind = classify(error, next)
        if (kind === 'retry') await set(next.id, { ...next, attempts: next.attempts + 1 }, store)
        if (kind !== 'fail') return
        await del(next.id, store)
        settle(next, { status: 'failed', error })
      }
    }
  }

  async function replay(userId: number): Promise<ReplayReport> {
    if (running) {
      again = true
      await running
      return { applied: [], failed: [] }
    }
    report = { applied: [], failed: [] }
    running = (async () => {
      do {
        again = false
        await withLock(() => drain(userId))
      } while (again)
    })()
    const done = report
    try {
      await running
    } finally {
      running = null
    }
    if (done.applied.length > 0 || done.failed.length > 0) deps.onReport?.(done)
    return done
  }

  async function submit(change: DeferredChange): Promise<SubmitOutcome> {
    lastCreatedAt = Math.max(now(), lastCreatedAt + 1)
    const entry: OutboxEntry = { ...change, id: newId(), createdAt: lastCreatedAt, attempts: 0 }
    await set(entry.id, entry, store)
    if (!isOnline()) return { status: 'queued' }
    const settled = new Promise<Settled>((resolve) => waiters.set(entry.id, resolve))
    await replay(change.userId)
    if (waiters.delete(entry.id)) {
      // Not sent by this tab: still waiting (offline, server error), or sent by another tab's replay.
      const stillThere = (await pending(change.userId)).some((e) => e.id === entry.id)
      return stillThere ? { status: 'queued' } : { status: 'sent', data: undefined }
    }
    const result = await settled
    if (result.status === 'failed') throw result.error
    return result
  }

  return { submit, replay, pending }
}
