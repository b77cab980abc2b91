// Several open tabs share one session cookie: after a sign-in, sign-out or dev-tools
// connect-as/switch-role in one tab, the others would keep showing the previous user while
// their requests already run as the new one. The tab that changed the session says so on a
// BroadcastChannel; the others drop what they cached and start again from the server's answer.
import type { QueryClient } from '@tanstack/react-query'
import { fetchMe, replaceSession, sessionChangeMeta } from '../api/auth.ts'
import type { Me } from '../contracts/user.ts'
import { navigateTo } from './navigation.ts'
import { paths } from '../contracts/app-paths.ts'

export const SESSION_CHANNEL_NAME = 'session'

export type SessionMessage = { type: 'session-changed' }

/** The part of a BroadcastChannel this module uses (tests and old browsers may differ). */
export type SessionChannel = {
  postMessage(message: SessionMessage): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  close(): void
}

/** Opens this tab's end of the channel; null where the browser has no BroadcastChannel. */
export type OpenSessionChannel = () => SessionChannel | null

function openBroadcastChannel(): SessionChannel | null {
  // Browsers without it (Safari < 15.4) simply do not sync tabs.
  if (typeof BroadcastChannel === 'undefined') return null
  return new BroadcastChannel(SESSION_CHANNEL_NAME)
}

function isSessionChanged(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'session-changed'
}

/**
 * Another tab changed the session. Who is signed in now is the server's answer (401 = nobody):
 * the cache is reset to that user alone and the tab goes to /home, or /login when signed out.
 */
export async function followSessionChange(queryClient: QueryClient): Promise<void> {
  let user: Me | null
  try {
    user = await fetchMe()
  } catch {
    // The server did not answer: drop everything, the route guard asks again on the way in.
    queryClient.clear()
    navigateTo(paths.home(), { replace: true })
    return
  }
  replaceSession(queryClient, user)
  navigateTo(user ? paths.home() : paths.login(), { replace: true })
}

/**
 * Joins this tab to the session channel (once, at boot): announces this tab's successful
 * session-changing mutations (`sessionChangeMeta`) and follows the other tabs' ones.
 * Returns the function that leaves the channel.
 */
export function startSessionSync(
  queryClient: QueryClient,
  openChannel: OpenSessionChannel = openBroadcastChannel,
): () => void {
  const channel = openChannel()
  if (!channel) return () => undefined
  channel.addEventListener('message', (event) => {
    if (isSessionChanged(event.data)) void followSessionChange(queryClient)
  })
  const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      event.mutation.meta?.['changesSession'] === sessionChangeMeta.changesSession
    ) {
      channel.postMessage({ type: 'session-changed' })
    }
  })
  return () => {
    unsubscribe()
    channel.close()
  }
}
