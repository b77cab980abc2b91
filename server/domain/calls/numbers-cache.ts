// The company's Aircall numbers, cached: they change rarely and Aircall's rate limit is shared by the
// whole company. One fetch at a time; a failed fetch is not kept, so the next caller tries again.
import { LRUCache, type Perf } from 'lru-cache'
import type { AircallNumber } from '../../../src/contracts/call.ts'
import type { TelephonyProvider } from '../../telephony/provider.ts'

export const NUMBERS_TTL_MS = 5 * 60 * 1000

/** `clock` is for tests (lru-cache's `perf`); expiry is checked on every read, to the millisecond. */
export function cachedNumbers(
  provider: Pick<TelephonyProvider, 'listNumbers'>,
  clock?: Perf,
): () => Promise<AircallNumber[]> {
  const cache = new LRUCache<'numbers', AircallNumber[]>({
    max: 1,
    ttl: NUMBERS_TTL_MS,
    ttlResolution: 0,
    ...(clock ? { perf: clock } : {}),
    fetchMethod: () => provider.listNumbers(),
  })
  return async () => (await cache.fetch('numbers')) ?? []
}
