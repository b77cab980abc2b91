// The leaderboard screen's own live client (issue #14): one socket following the `leaderboard` channel
// only (the fullscreen and display layouts hold no other), for a signed-in user or a display link alike.
// A signal, a new socket's sync and an ended session refetch the boards on screen. A wall screen never
// gives up: after the client's five attempts (`failed`) it starts again whenever the server is
// reachable again, and every RETRY_FAILED_MS meanwhile.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import { leaderboardQueries } from '../../api/leaderboard.ts'
import { channels } from '../../contracts/live-core.ts'
import { createLiveClient } from '../../live/live-client.ts'
import { liveUrl } from '../../live/live-protocol.ts'
import { liveStore } from '../../live/live-store.ts'
import { connectivityStore, isOnline } from '../../stores/connectivity.ts'

export const RETRY_FAILED_MS = 30_000

export function useLeaderboardLive(enabled: boolean): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    const refetch = () => void queryClient.invalidateQueries({ queryKey: leaderboardQueries.boards() })
    const client = createLiveClient({
      url: liveUrl(window.location.href),
      onEvent: (event) => {
        if (event === channels.leaderboard()) refetch()
      },
      // Every new socket: what changed before its subscription was in place was not signalled.
      onSynced: refetch,
      // A revoked display link or an ended session: the refetch says so (401) and the page shows it.
      onSessionEnded: refetch,
    })
    client.subscribe(channels.leaderboard())
    client.open()
    const retryIfFailed = () => {
      if (liveStore.status === 'failed' && isOnline()) client.retry()
    }
    const stopFollowing = subscribe(connectivityStore, retryIfFailed)
    const timer = setInterval(retryIfFailed, RETRY_FAILED_MS)
    return () => {
      clearInterval(timer)
      stopFollowing()
      client.close()
    }
  }, [enabled, queryClient])
}
