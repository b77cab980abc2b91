// The private layout's hold on the live channel: opened for the signed-in user while the layout is
// mounted, reopened when another user signs in (session sync), closed at sign-out (the layout
// unmounts). Imported statically by the layout, so it must not import zod or the contracts: the
// live modules are loaded on demand.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'

function loadLiveRuntime() {
  return import('./live-runtime.ts')
}

export function useLiveConnection(userId: number): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stop: (() => void) | null = null
    let cancelled = false
    loadLiveRuntime()
      .then((live) => {
        if (!cancelled) stop = live.startLive(queryClient, userId)
      })
      .catch(() => {
        // The chunk could not load (offline after a deploy): the page works, without live updates.
      })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [queryClient, userId])
}

/** `Réessayer` after `failed` (the runtime is loaded by then). */
export function retryLiveConnection(): void {
  loadLiveRuntime()
    .then((live) => live.retryLive())
    .catch(() => undefined)
}
