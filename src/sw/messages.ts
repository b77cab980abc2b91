// Messages the page sends to the service worker (issue #5); each is answered through the
// MessageChannel port it came with (workbox-window's messageSW), so the page knows it was applied.
import type { UserState } from './user-state.ts'

export type SwMessage =
  { type: 'SKIP_WAITING' } | { type: 'SET_USER'; userId: number } | { type: 'LOGOUT' } | { type: 'GET_BUILD' }

export type SwReply = { ok: true; buildId?: string } | { ok: false }

export type MessageDeps = {
  skipWaiting: () => Promise<void>
  users: UserState
  /** Deletes every runtime cache (reference data of any user, avatars); never the precache. */
  purgeRuntimeCaches: () => Promise<void>
  buildId: string
}

/** The message, or null when it is none of ours (other modules may listen too). */
export function parseSwMessage(data: unknown): SwMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null
  switch (data.type) {
    case 'SKIP_WAITING':
    case 'LOGOUT':
    case 'GET_BUILD':
      return { type: data.type }
    case 'SET_USER': {
      const userId = 'userId' in data ? data.userId : undefined
      return typeof userId === 'number' && Number.isInteger(userId) ? { type: 'SET_USER', userId } : null
    }
    default:
      return null
  }
}

export async function handleSwMessage(message: SwMessage, deps: MessageDeps): Promise<SwReply> {
  switch (message.type) {
    case 'SKIP_WAITING':
      await deps.skipWaiting()
      return { ok: true }
    case 'SET_USER':
      // Another user on this browser: nothing of the previous one may be served to them.
      if (await deps.users.set(message.userId)) await deps.purgeRuntimeCaches()
      return { ok: true }
    case 'LOGOUT':
      await deps.users.clear()
      await deps.purgeRuntimeCaches()
      return { ok: true }
    case 'GET_BUILD':
      return { ok: true, buildId: deps.buildId }
  }
}
