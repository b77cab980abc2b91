/// <reference lib="webworker" />
// Service worker wiring (vite-plugin-pwa injectManifest, issue #5): the precached app shell, the
// shell for app navigations, reference data per user (stale-while-revalidate), avatars (cache-first
// with expiry), and the page's messages. The rules live in the modules next to it (tested).
import { createStore, del, get, set } from 'idb-keyval'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { BUILD_ID } from './build-id.ts'
import { handleSwMessage, parseSwMessage, type MessageDeps } from './messages.ts'
import { NAVIGATION_DENYLIST } from './navigation.ts'
import { openAlert, readPushData, showPushedAlert } from './push.ts'
import { renewPushSubscription } from './subscription-change.ts'
import {
  AVATAR_CACHE,
  AVATAR_EXPIRATION,
  isAvatarRequest,
  isReferenceDataRequest,
  isRuntimeCache,
  referenceCacheName,
} from './routes.ts'
import { createUserState } from './user-state.ts'

declare let self: ServiceWorkerGlobalScope

const stateStore = createStore('centre-appels-sw', 'state')
const users = createUserState({
  get: () => get<number>('user', stateStore),
  set: (userId) => set('user', userId, stateStore),
  clear: () => del('user', stateStore),
})

const avatarExpiration = new ExpirationPlugin({ ...AVATAR_EXPIRATION, purgeOnQuotaError: true })

async function purgeRuntimeCaches(): Promise<void> {
  const names = (await caches.keys()).filter(isRuntimeCache)
  await Promise.all(
    names.map((name) =>
      name === AVATAR_CACHE ? avatarExpiration.deleteCacheAndMetadata() : caches.delete(name),
    ),
  )
}

const messageDeps: MessageDeps = {
  skipWaiting: () => self.skipWaiting(),
  users,
  purgeRuntimeCaches,
  buildId: BUILD_ID,
}

self.addEventListener('message', (event) => {
  const message = parseSwMessage(event.data)
  if (!message) return
  const port = event.ports[0]
  event.waitUntil(
    handleSwMessage(message, messageDeps).then(
      (reply) => port?.postMessage(reply),
      () => port?.postMessage({ ok: false }),
    ),
  )
})

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // In dev only `/` is precached: every other URL is Vite's (unguarded, the shell would answer
    // them all).
    allowlist: import.meta.env.DEV ? [/^\/$/] : undefined,
    denylist: NAVIGATION_DENYLIST,
  }),
)

// One strategy per user's cache; nobody signed in (as far as the worker knows) → network only.
const referenceStrategies = new Map<number, StaleWhileRevalidate>()
function referenceStrategy(userId: number): StaleWhileRevalidate {
  let strategy = referenceStrategies.get(userId)
  if (!strategy) {
    strategy = new StaleWhileRevalidate({
      cacheName: referenceCacheName(userId),
      plugins: [new CacheableResponsePlugin({ statuses: [200] })],
    })
    referenceStrategies.set(userId, strategy)
  }
  return strategy
}
registerRoute(isReferenceDataRequest, async (options: RouteHandlerCallbackOptions) => {
  const userId = await users.current()
  if (userId === null) return fetch(options.request)
  return referenceStrategy(userId).handle(options)
})

registerRoute(
  isAvatarRequest,
  new CacheFirst({
    cacheName: AVATAR_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), avatarExpiration],
  }),
)

// Push alerts (issue #5, src/sw/push.ts): shown unless a window is focused; a click opens the page.
// Pushes handled so far (shown or not), for the end-to-end tests to wait on; restarts at 0 with the worker.
let pushesHandled = 0
self.addEventListener('push', (event) =>
  event.waitUntil(
    showPushedAlert(self, readPushData(event.data)).finally(() => {
      pushesHandled += 1
    }),
  ),
)
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openAlert(self, event.notification.data))
})
// A subscription the browser renewed or dropped (src/sw/subscription-change.ts): subscribed again
// and saved without a session, named by its old endpoint.
self.addEventListener('pushsubscriptionchange', (event) =>
  event.waitUntil(
    renewPushSubscription(event, {
      origin: self.location.origin,
      fetch: (input, init) => fetch(input, init),
      pushManager: self.registration.pushManager,
    }),
  ),
)
// The click logic, callable from the end-to-end tests: a synthetic notificationclick cannot use
// waitUntil (it throws InvalidStateError on an untrusted event); and the count of handled pushes.
// Reachable only from inside this worker, never from a page.
Object.assign(self, {
  __alerts: { openAlert: (data: unknown) => openAlert(self, data), pushesHandled: () => pushesHandled },
})
