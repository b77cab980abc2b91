// Which channels the signed-in user follows (spec §7 "Live channel"): their own lead, call and
// experience channels always; `tentacall:{id}` and `badge:{id}` only while the matching preference
// is on, following the preference when it changes (the `me` query is its only source).
import { hashKey, type QueryClient } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import { channels } from '../contracts/live-core.ts'
import type { Me } from '../contracts/user.ts'

/** What the controller drives: the live client's subscribe/unsubscribe. */
export type SubscriptionTarget = {
  subscribe(channel: string): void
  unsubscribe(channel: string): void
}

export type SubscriptionController = {
  /** Subscribes to what `me` should follow and unsubscribes from what it no longer should. */
  update(me: Pick<Me, 'id' | 'preferences'> & Partial<Pick<Me, 'role'>>): void
}

export function channelsFor(me: Pick<Me, 'id' | 'preferences'> & Partial<Pick<Me, 'role'>>): string[] {
  const wanted: string[] = [
    channels.leadUpdate(me.id),
    channels.ongoingCallUpdate(me.id),
    channels.experience(me.id),
    channels.referenceData(me.id),
  ]
  if (me.preferences.tentacalls) wanted.push(channels.tentacall(me.id))
  if (me.preferences.badges) wanted.push(channels.badge(me.id))
  // Issue #13: every import's progress, for the administrators (the integration pages, the layout).
  if (me.role === 'ADMIN') wanted.push(channels.importProgress(me.id))
  // Issue #14: the activity of the agents they read, for the activity screens (refetched when on view).
  if (me.role === 'ADMIN' || me.role === 'MANAGER') wanted.push(channels.activity(me.id))
  return wanted
}

export function createSubscriptionController(target: SubscriptionTarget): SubscriptionController {
  let current = new Set<string>()
  return {
    update(me) {
      const next = new Set(channelsFor(me))
      for (const channel of current) if (!next.has(channel)) target.unsubscribe(channel)
      for (const channel of next) if (!current.has(channel)) target.subscribe(channel)
      current = next
    },
  }
}

/**
 * Keeps `target` subscribed to user `userId`'s channels as the cached `me` changes (a preference
 * toggled, a refetch). Another user or none is not followed here: the layout restarts the live
 * client for a new user and stops it at sign-out. Returns the function that stops following.
 */
export function followSubscriptions(
  queryClient: QueryClient,
  userId: number,
  target: SubscriptionTarget,
): () => void {
  const controller = createSubscriptionController(target)
  const meKey = authQueries.me().queryKey
  const meHash = hashKey(meKey)

  function sync(): void {
    const me = queryClient.getQueryData(meKey)
    if (me && me.id === userId) controller.update(me)
  }

  sync()
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === meHash) sync()
  })
}
