// The service worker's reference-data cache (src/sw/routes.ts) answers stale-while-revalidate: after
// a "reference data changed" signal (issue #12) a refetch would get the stale copy first. The page
// drops that cache itself (the Cache Storage API is the worker's and the page's alike) before it
// refetches, so the next request goes to the network.
import { REFERENCE_CACHE_PREFIX } from '../sw/routes.ts'

export async function dropReferenceCache(): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    const names = await caches.keys()
    await Promise.all(
      names.filter((name) => name.startsWith(REFERENCE_CACHE_PREFIX)).map((name) => caches.delete(name)),
    )
  } catch {
    // Storage unavailable (private mode, quota): nothing cached to drop.
  }
}
