// A query's data for what every page renders (the root layout), without TanStack's QueryObserver
// (issue #27: its code would be part of the first visit of /login; the signed-in pages load it with
// their own queries). Like `useQuery(query())` on the query's defaults: it fetches on mount, and when
// the window regains focus or the browser comes back online, whenever the data is stale. `query` is
// a query factory of src/api (a stable function, e.g. `authQueries.me`).
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import {
  focusManager,
  notifyManager,
  onlineManager,
  useQueryClient,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query'

export function useQueryData<TData, TKey extends QueryKey>(
  query: () => FetchQueryOptions<TData, Error, TData, TKey>,
): TData | undefined {
  const client = useQueryClient()
  useEffect(() => {
    // Fetches only what is missing or stale (the query's staleTime); errors stay in the cache.
    const refresh = () => void client.prefetchQuery(query())
    refresh()
    const leaveFocus = focusManager.subscribe((focused) => focused && refresh())
    const leaveOnline = onlineManager.subscribe((online) => online && refresh())
    return () => {
      leaveFocus()
      leaveOnline()
    }
  }, [client, query])
  // Batched as TanStack's own hooks do: a query built while another component renders notifies the
  // cache at once, and this one must not update in the middle of that render.
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [client],
  )
  return useSyncExternalStore(subscribe, () => client.getQueryData<TData>(query().queryKey))
}
