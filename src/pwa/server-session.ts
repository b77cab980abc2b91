// Who the server says is signed in, asked at start when the page came from the service worker
// (which embeds nobody, src/app/bootstrap-data.ts), before anything persisted is restored (issue #17:
// a shared workstation whose previous user's session ended must not show their data, not even for
// a moment). Offline, or without an answer in time, it says nothing and the session record decides.
import type { Me } from '../contracts/user.ts'

export const WHO_IS_SIGNED_IN_TIMEOUT_MS = 2000

function isMe(value: unknown): value is Me {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number'
}

/** The signed-in user, null (nobody: 401), or undefined (offline, no answer in time, unreadable). */
export async function askServerWhoIsSignedIn(
  timeoutMs = WHO_IS_SIGNED_IN_TIMEOUT_MS,
): Promise<Me | null | undefined> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return undefined
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  try {
    // Not the API client: a failure here is no reason to notify or navigate, the app goes on.
    const response = await fetch(new URL('/api/user/me', window.location.origin), {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    })
    if (response.status === 401) return null
    if (!response.ok) return undefined
    const data: unknown = await response.json()
    return isMe(data) ? data : undefined
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}
