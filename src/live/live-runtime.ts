// The live channel of a signed-in tab, wired to the query cache: loaded on demand by the private
// layout (use-live-connection.ts), so none of it weighs on the /login first visit.
import type { QueryClient } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import { callQueries } from '../api/calls.ts'
import { leadQueries } from '../api/leads.ts'
import { listenForAlertNavigation } from '../pwa/alert-navigation.ts'
import { resyncPushSubscription } from '../pwa/push-subscription.ts'
import { browserBridgeEnvironment, createAlertBridge } from './alert-bridge.ts'
import { createLiveClient } from './live-client.ts'
import { applyLiveEvent, refreshAfterSync } from './live-events.ts'
import { liveUrl } from './live-protocol.ts'
import { followSubscriptions } from './live-subscriptions.ts'

/** The tab's one live client (spec: one socket per tab). */
let current: { retry: () => void; stop: () => void } | null = null

function warnServerError(data: unknown): void {
  // A refused subscription or a message the server did not understand: a bug to see in dev only.
  if (import.meta.env.DEV) console.warn('[live] server error', data)
}

/** Opens the live channel for user `userId`; returns the function that closes it. */
export function startLive(queryClient: QueryClient, userId: number): () => void {
  current?.stop()
  // Issue #5: alerts while the tab is hidden, the page's side of notification clicks, and this
  // browser's push subscription checked against the user whose session this is.
  const bridge = createAlertBridge(userId, browserBridgeEnvironment(), {
    currentCall: () => queryClient.fetchQuery({ ...callQueries.ongoing(), staleTime: 0 }),
    lead: (id) => queryClient.fetchQuery(leadQueries.detail(id)),
  })
  const stopAlertNavigation = listenForAlertNavigation()
  function handleVisibilityChange() {
    if (document.visibilityState === 'hidden')
      void bridge.hidden(queryClient.getQueryData(callQueries.ongoing().queryKey))
  }
  document.addEventListener('visibilitychange', handleVisibilityChange)
  void resyncPushSubscription(userId)
  const client = createLiveClient({
    url: liveUrl(window.location.href),
    onEvent: (event, data) => {
      applyLiveEvent(queryClient, event, data)
      void bridge.handle(event, data)
    },
    // Every new socket (the first one too): events raised before its subscriptions were in place
    // were not delivered, so what they would have changed is fetched again (live-events.ts).
    onSynced: (afterLoss) => refreshAfterSync(queryClient, afterLoss),
    // The server ended the session (logout elsewhere, deactivation, expiry): asking who is signed
    // in gets null, and the layout goes to /login.
    onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
    onServerError: warnServerError,
  })
  const stopFollowing = followSubscriptions(queryClient, userId, client)
  client.open()

  const running = {
    retry: client.retry,
    stop() {
      stopAlertNavigation()
      document.removeEventListener('visibilitychange', handleVisibilityChange)
      stopFollowing()
      client.close()
      if (current === running) current = null
    },
  }
  current = running
  return running.stop
}

/** Closes the tab's live client, if one is open (tests; the layout closes its own when it unmounts). */
export function stopLive(): void {
  current?.stop()
}

/** The `Réessayer` action of the `failed` status. */
export function retryLive(): void {
  current?.retry()
}
