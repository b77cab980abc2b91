// The missions' queues of the overview, kept a few seconds per scope (issue #14, docs/domain.md
// "Activity"): the agents' states change with every call and are read fresh at each refetch (a few
// milliseconds), while counting a year of open leads costs tens of milliseconds and its figures move
// at the pace of outcomes. Every manager's page refetches on each signal of their floor: on PGlite,
// which answers one query at a time, recounting the queues each time would hold the agents' requests.
// Per process, derived data only (nothing that must be shared); emptied when the bus says signals may
// have been missed or the data changed behind the app's back (`reset`).
import type { MissionQueue } from '../../../src/contracts/activity.ts'

export const QUEUE_CACHE_MS = 15_000
const MAX_SCOPES = 200

type Entry = { at: number; value: Promise<MissionQueue[]> }

export function createQueueCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>()
  return {
    /** The queues of `key`'s scope, loaded again when older than QUEUE_CACHE_MS (or failed). */
    get(key: string, load: () => Promise<MissionQueue[]>): Promise<MissionQueue[]> {
      const entry = entries.get(key)
      if (entry && now() - entry.at < QUEUE_CACHE_MS) return entry.value
      const value = load()
      entries.delete(key)
      entries.set(key, { at: now(), value })
      value.catch(() => entries.get(key)?.value === value && entries.delete(key))
      // The oldest scope goes first (Map keeps insertion order).
      if (entries.size > MAX_SCOPES) entries.delete(entries.keys().next().value!)
      return value
    },
    clear(): void {
      entries.clear()
    },
  }
}

export type QueueCache = ReturnType<typeof createQueueCache>
