// A query's data for what every page renders (the root layout), without TanStack's QueryObserver
// (issue #27: its code would be part of the first visit of /login; the signed-in pages load it with
// their own queries). Like `useQuery(options)` on the query's defaults: it fetches on mount, and when
// the window regains focus or the browser comes back online, whenever the data is stale.
import { useEffect, useRef, useSyncExternalStore } from 'react'
import {
  focusManager,
  hashKey,
  onlineManager,
  useQueryClient,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query'

export function useQueryData<TData, TKey extends QueryKey>(
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): TData | undefined {
  const client = useQueryClient()
  const latest = useRef(options)
  latest.current = options
  const hash = hashKey(options.queryKey)
  useEffect(() => {
    // Fetches only what is missing or stale (the query's staleTime); errors stay in the cache.
    const refresh = () => void client.prefetchQuery(latest.current)
    refresh()
    const leaveFocus = focusManager.subscribe((focused) => focused && refresh())
    const leaveOnline = onlineManager.subscribe((online) => online && refresh())
    return () => {
      leaveFocus()
      leaveOnline()
    }
  }, [client, hash])
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => client.getQueryData<TData>(options.queryKey),
  )
}
