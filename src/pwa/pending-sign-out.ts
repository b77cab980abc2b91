// An explicit sign-out the server could not hear (offline, issue #17): this browser's data is wiped
// at once, but the session cookie (HttpOnly) stays valid until the server ends it. The browser
// remembers to tell it: the server's page does not count as signed in meanwhile, and the sign-out
// is sent at start and whenever the connection returns. Any sign-in ends it too (the server rotates
// the session, ending the previous one).
import { subscribe } from 'valtio'
import { connectivityStore, isOnline } from '../stores/connectivity.ts'

const KEY = 'centre-appels-sign-out-pending'

export function markSignOutPending(): void {
  try {
    localStorage.setItem(KEY, '1')
  } catch {
    // Storage disabled: the session lapses on the server by itself.
  }
}

export function isSignOutPending(): boolean {
  try {
    return localStorage.getItem(KEY) !== null
  } catch {
    return false
  }
}

export function clearSignOutPending(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Storage disabled: nothing was marked.
  }
}

/** Sends the pending sign-out (`send`: POST /api/logout) now if online, else once back online. */
export function startPendingSignOut(send: () => Promise<unknown>): () => void {
  let sending = false
  function attempt(): void {
    if (sending || !isSignOutPending() || !isOnline()) return
    sending = true
    send()
      // 401: the server has no session for this browser any more, so there is nothing left to end.
      .then(clearSignOutPending, (error: unknown) => {
        if ((error as { status?: unknown } | null)?.status === 401) clearSignOutPending()
      })
      .finally(() => {
        sending = false
      })
  }
  const stop = subscribe(connectivityStore, attempt)
  attempt()
  return stop
}
