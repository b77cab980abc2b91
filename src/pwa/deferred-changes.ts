// The app's outbox (src/pwa/outbox.ts) wired to the API client, the query cache and the
// notifications (issue #5, docs/domain.md "Offline"): the deferrable mutations (src/api/leads.ts
// comment, src/api/users.ts preference) go through `submitDeferred`, which the app registers as the
// API layer's deferral (src/api/deferral.ts) at start; `startOutbox` replays what is stored when
// the user is known, when the connection returns, and every 30 s while some wait.
import type { QueryClient } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import { authQueries } from '../api/auth.ts'
import { ApiError, apiRequest } from '../api/client.ts'
import type { DeferrableChange } from '../api/deferral.ts'
import type { Me } from '../contracts/user.ts'
import { fr } from '../i18n/fr.ts'
import { connectivityStore, isOnline } from '../stores/connectivity.ts'
import { notify } from '../stores/notifications.ts'
import { outboxStore, resetOutboxStore, setPendingChanges } from '../stores/outbox.ts'
import { isMeQuery } from './persisted-cache.ts'
import { storedChangesDatabase, storedChangesSettled } from './outbox-store.ts'
import {
  createOutbox,
  type DeferredLabel,
  type FailureKind,
  type Outbox,
  type OutboxEntry,
  type ReplayReport,
  type SubmitOutcome,
} from './outbox.ts'

/** A change the server keeps failing (5xx) is given up after this many tries, and the user told. */
export const MAX_SERVER_ATTEMPTS = 5
const RETRY_EVERY_MS = 30_000
const LOCK_NAME = 'centre-appels-outbox'

/**
 * Network down, session lapsed (kept for the same user signing in again within the idle window,
 * issue #17), or another tab is sending it right now: wait. A server error: retry a few times. Any other refusal: final, shown.
 */
export function classifyFailure(error: unknown, entry: OutboxEntry): FailureKind {
  if (!(error instanceof ApiError)) return 'fail'
  const { status } = error
  if (status === 0 || status === 401 || status === 408 || status === 429) return 'wait'
  if (status === 409 && error.body?.error.code === 'IDEMPOTENCY_IN_PROGRESS') return 'wait'
  if (status >= 500) return entry.attempts + 1 >= MAX_SERVER_ATTEMPTS ? 'fail' : 'retry'
  return 'fail'
}

export function describeChange(label: DeferredLabel): string {
  switch (label.kind) {
    case 'lead-comment':
      return fr.offline.changes.leadComment(label.leadId)
    case 'preference':
      return fr.offline.changes.preference
  }
}

/** What the user is told after a replay: one line for what went through, one per refusal. */
export function notifyReport({ applied, failed }: ReplayReport): void {
  if (applied.length > 0) notify({ kind: 'success', message: fr.offline.replayed(applied.length) })
  for (const { entry, error } of failed) {
    const reason = error instanceof Error ? error.message : fr.errors.server
    // Stays until dismissed: a change that was not saved must not go unnoticed.
    notify({
      kind: 'error',
      message: fr.offline.replayFailed(describeChange(entry.label), reason),
      timeoutMs: 0,
    })
  }
}

let queryClient: QueryClient | null = null
let outbox: Outbox | null = null

/** Forgets the query cache and the outbox this module holds (tests); what IndexedDB stores stays. */
export function resetDeferredChanges(): void {
  queryClient = null
  outbox = null
}

function withLock<T>(task: () => Promise<T>): Promise<T> {
  // One tab replays at a time; the server's idempotency covers anything that slips through.
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? (locks.request(LOCK_NAME, task) as Promise<T>) : task()
}

function appOutbox(): Outbox {
  outbox ??= createOutbox({
    store: storedChangesDatabase(),
    send: (entry) =>
      apiRequest(entry.path, {
        method: entry.method,
        body: entry.body,
        idempotencyKey: entry.id,
        // A replay must not move the user elsewhere; its failure is reported instead.
        redirectOn401: false,
        followErrorRedirect: false,
      }),
    classify: classifyFailure,
    isOnline: () => isOnline(),
    newId: () => crypto.randomUUID(),
    withLock,
    onApplied: (entry) => {
      for (const queryKey of entry.invalidates) void queryClient?.invalidateQueries({ queryKey })
    },
    onReport: notifyReport,
  })
  return outbox
}

function currentUserId(client: QueryClient): number | null {
  return client.getQueryData<Me | null>(authQueries.me().queryKey)?.id ?? null
}

async function refreshPending(userId: number): Promise<void> {
  // A drop decided by the end of a session (src/pwa/outbox-store.ts) goes first.
  await storedChangesSettled()
  setPendingChanges((await appOutbox().pending(userId)).length)
}

/**
 * Before an explicit sign-out (issue #17): sends the user's stored changes when the server can be
 * reached, and says how many are still unsent (they would be lost with the sign-out).
 */
export async function sendBeforeSignOut(client: QueryClient, userId: number): Promise<number> {
  queryClient = client
  await storedChangesSettled()
  if (isOnline()) await appOutbox().replay(userId)
  const left = (await appOutbox().pending(userId)).length
  setPendingChanges(left)
  return left
}

/**
 * Sends a deferrable change now, or stores it for later when the server cannot be reached (or the
 * send fails for want of a network). A refusal (4xx) throws the ApiError, as a plain request would.
 */
export async function submitDeferred(client: QueryClient, change: DeferrableChange): Promise<SubmitOutcome> {
  queryClient = client
  const userId = currentUserId(client)
  if (userId === null) {
    const data = await apiRequest(change.path, { method: change.method, body: change.body })
    return { status: 'sent', data }
  }
  try {
    await storedChangesSettled()
    return await appOutbox().submit({ ...change, userId })
  } finally {
    void refreshPending(userId).catch(() => undefined)
  }
}

/** Replays the signed-in user's stored changes whenever that can succeed. Returns the stop function. */
export function startOutbox(client: QueryClient): () => void {
  queryClient = client
  let timer: ReturnType<typeof setInterval> | undefined

  async function replayNow(): Promise<void> {
    const userId = currentUserId(client)
    if (userId === null || !isOnline()) return
    await storedChangesSettled()
    await appOutbox().replay(userId)
    await refreshPending(userId)
  }
  const run = () => void replayNow().catch(() => undefined)

  const stopConnectivity = subscribe(connectivityStore, () => {
    if (isOnline()) run()
  })
  // Another user (or none) signed in: their own stored changes count and replay. `me` is refetched
  // after every live event; the same user again changes nothing here.
  let followedUserId = currentUserId(client)
  const stopMe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    if (!isMeQuery(event.query.queryKey)) return
    const userId = currentUserId(client)
    if (userId === followedUserId) return
    followedUserId = userId
    if (userId === null) resetOutboxStore()
    else void refreshPending(userId).then(run, () => undefined)
  })
  // Server errors are retried on this beat (network failures wait for the connection instead).
  timer = setInterval(() => {
    if (outboxStore.pending > 0) run()
  }, RETRY_EVERY_MS)
  if (followedUserId !== null) void refreshPending(followedUserId).then(run, () => undefined)

  return () => {
    clearInterval(timer)
    timer = undefined
    stopConnectivity()
    stopMe()
  }
}
