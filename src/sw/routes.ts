// What the service worker answers from its runtime caches (issue #5), as plain functions so that
// they are unit-tested; sw.ts binds them to workbox. Anything not matched here goes to the network
// untouched: every mutation (only GETs ever match) and all per-user live data (/api/user/me, calls,
// leads, searches…), which TanStack Query persists instead, per user, in IndexedDB.
import { NAVIGATION_DENYLIST } from './navigation.ts'

/**
 * Back-office reference data: read-only lists that change rarely and are the same for every page
 * of a user. An allowlist, on purpose: a new endpoint is cached only once it is added here.
 * Today: the runtime configuration and the Aircall numbers. To add with the back-office issues when
 * their GET endpoints exist: missions, markets, call processes and their tags, teams, configuration.
 */
export const REFERENCE_DATA_PATHS: readonly string[] = ['/api/config', '/api/call/aircall-numbers']

/** Cache of one user's reference data; emptied at logout and whenever another user signs in. */
export const REFERENCE_CACHE_PREFIX = 'ref-data-v1-user-'
/** Versioned avatars (`?v=` content hash): immutable, so cache-first with an expiry. */
export const AVATAR_CACHE = 'avatars-v1'
export const AVATAR_EXPIRATION = { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 } as const
const AVATAR_PATH = /^\/api\/user\/\d+\/avatar$/
/** Runtime caches hold user data; the precache (app shell) does not and is never purged here. */
const RUNTIME_CACHE_PREFIXES = [REFERENCE_CACHE_PREFIX, 'avatars-'] as const

/** What workbox's route matchers receive (the parts used here). */
export type MatchInput = { url: URL; request: Pick<Request, 'method'>; sameOrigin: boolean }

export function isReferenceDataRequest({ url, request, sameOrigin }: MatchInput): boolean {
  return sameOrigin && request.method === 'GET' && REFERENCE_DATA_PATHS.includes(url.pathname)
}

export function isAvatarRequest({ url, request, sameOrigin }: MatchInput): boolean {
  return sameOrigin && request.method === 'GET' && AVATAR_PATH.test(url.pathname) && url.searchParams.has('v')
}

/** Navigations that get the app shell (offline too): app routes, never /api, /ws or files. */
export function isAppNavigation(url: URL): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname))
}

export function referenceCacheName(userId: number): string {
  return `${REFERENCE_CACHE_PREFIX}${userId}`
}

export function isRuntimeCache(name: string): boolean {
  return RUNTIME_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix))
}
