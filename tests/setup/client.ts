// Client test setup: jsdom + msw (handlers in tests/mocks) + Testing Library cleanup.
// IndexedDB for the persisted cache and the outbox (issue #5) is fake-indexeddb.
//
// The client project shares one worker (one jsdom, one module graph) between test files
// (vitest.config.ts `isolate: false`), so every test must leave the page as it found it: after
// each one, everything a module, the document, the storages or msw keep is put back to its
// initial state here, with the reset each store exports next to its state.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { cleanup, configure } from '@testing-library/react'
import { setDeferral } from '../../src/api/deferral.ts'
import { setNavigationPort } from '../../src/api/navigation-port.ts'
import { appNavigation, connectRouter } from '../../src/app/navigation.ts'
import { resetSentry } from '../../src/app/sentry.ts'
import { cancelFocusRequest } from '../../src/components/ui/focus-request.ts'
import { resetInboundCallStore } from '../../src/features/calls/inbound-call-store.ts'
import { collapseDevTools } from '../../src/features/dev/dev-tools-store.ts'
import { forgetOutcomeDrafts } from '../../src/stores/outcome-draft.ts'
import { stopLive } from '../../src/live/live-runtime.ts'
import { resetLiveStore } from '../../src/live/live-store.ts'
import { resetDeferredChanges, submitDeferred } from '../../src/pwa/deferred-changes.ts'
import { resetStoredChanges } from '../../src/pwa/outbox-store.ts'
import { resetUpdateStore } from '../../src/pwa/update-store.ts'
import { resetConnectivity } from '../../src/stores/connectivity.ts'
import { clearNotifications } from '../../src/stores/notifications.ts'
import { resetOutboxStore } from '../../src/stores/outbox.ts'
import { liveServer } from '../mocks/live.ts'
import { server } from '../mocks/server.ts'

/** The page every test starts on (vitest.config.ts `environmentOptions.jsdom.url`). */
const START_URL = 'http://localhost:3000/'

// As src/main.tsx does: the API client navigates through the app (the router a test renders
// registers itself there) and defers changes through the outbox.
function connectApp(): void {
  setNavigationPort(appNavigation)
  setDeferral(submitDeferred)
}
connectApp()

// findBy*/waitFor wait for the DOM; this only bounds how long before a failure is declared. The first
// test of a file loads its route's lazy module graph through Vite's transform, which under the whole
// suite's parallel load took 1.2–1.5 s (Testing Library's default bound is 1 s); 3 s stays within
// vitest's 5 s per test.
configure({ asyncUtilTimeout: 3000 })

/** Requests msw is answering (or passing on) right now. */
const inFlight = new Set<string>()
const track = ({ requestId }: { requestId: string }) => void inFlight.add(requestId)
const untrack = ({ requestId }: { requestId: string }) => void inFlight.delete(requestId)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  server.events.on('request:start', track)
  server.events.on('request:end', untrack)
  server.events.on('unhandledException', untrack)
})
afterEach(async () => {
  // Unmounting closes what the rendered app opened (live socket, timers, listeners, portals).
  cleanup()
  vi.useRealTimers()
  // What the unmounted app still sends (leaving a lead sheet, a refetch under way) is answered by
  // this test's handlers, and its outcome (a notification, offline) is reset below, instead of
  // reaching the next test, or the network once this file closes msw.
  await requestsSettled()
  vi.unstubAllGlobals()
  server.resetHandlers()
  liveServer.reset()

  // Module state (valtio stores and module singletons), as first loaded.
  stopLive()
  resetLiveStore()
  // A network failure in one test must not leave the next one offline.
  resetConnectivity()
  onlineManager.setOnline(true)
  clearNotifications()
  resetOutboxStore()
  resetDeferredChanges()
  resetUpdateStore()
  resetInboundCallStore()
  collapseDevTools()
  cancelFocusRequest()
  resetSentry()
  connectRouter(null)
  connectApp()

  // What the browser keeps: storages, cookies, IndexedDB, the document and the address.
  forgetOutcomeDrafts()
  localStorage.clear()
  sessionStorage.clear()
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
  // A new, empty IndexedDB (fake-indexeddb's own way to reset): a transaction left pending by an
  // earlier test (its task queued under fake timers) cannot hold up the next one.
  globalThis.indexedDB = new IDBFactory()
  resetStoredChanges()
  resetDocument()
  // jsdom's navigator has no own properties: one a test defined (clipboard, onLine) goes.
  for (const key of Reflect.ownKeys(navigator)) Reflect.deleteProperty(navigator, key)
})
afterAll(() => {
  server.events.removeListener('request:start', track)
  server.events.removeListener('request:end', untrack)
  server.events.removeListener('unhandledException', untrack)
  server.close()
})

/**
 * Resolves once no request has been in flight for two turns of the event loop (a request may start
 * after another, e.g. after the XSRF cookie's priming), or after about a second: a handler a test
 * left hanging on purpose must not hold every test after it.
 */
async function requestsSettled(): Promise<void> {
  const deadline = Date.now() + 1000
  let quietTurns = 0
  while (quietTurns < 2 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    quietTurns = inFlight.size === 0 ? quietTurns + 1 : 0
  }
  inFlight.clear()
}

/** jsdom's blank page at START_URL: empty head and body, no attributes left on them. */
function resetDocument(): void {
  document.head.replaceChildren()
  document.body.replaceChildren()
  for (const element of [document.documentElement, document.head, document.body])
    for (const name of element.getAttributeNames()) element.removeAttribute(name)
  if (window.location.href !== START_URL) window.history.replaceState(null, '', START_URL)
}
