// Issue #14: an `activity` signal refetches the activity screens on view (the overview, the statistics)
// at most once a second — a tag sends a call, a lead and an experience signal together, and a busy floor
// many — with the last signal of a burst always followed by one refetch (leading and trailing edges).
import type { QueryClient } from '@tanstack/react-query'
import { activityKeys } from '../api/activity-keys.ts'

export const ACTIVITY_REFRESH_MS = 1000

type Throttle = { last: number; timer: ReturnType<typeof setTimeout> | null }
const throttles = new WeakMap<QueryClient, Throttle>()

function refetch(queryClient: QueryClient, throttle: Throttle): void {
  throttle.last = Date.now()
  // Only the queries on screen refetch; the others are marked stale.
  void queryClient.invalidateQueries({ queryKey: activityKeys.all() })
}

export function refreshActivity(queryClient: QueryClient): void {
  const throttle = throttles.get(queryClient) ?? { last: Number.NEGATIVE_INFINITY, timer: null }
  throttles.set(queryClient, throttle)
  if (throttle.timer !== null) return
  const wait = throttle.last + ACTIVITY_REFRESH_MS - Date.now()
  if (wait <= 0) return refetch(queryClient, throttle)
  throttle.timer = setTimeout(() => {
    throttle.timer = null
    refetch(queryClient, throttle)
  }, wait)
}
