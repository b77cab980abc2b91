// Client test setup: jsdom + msw (handlers in tests/mocks) + Testing Library cleanup.
// IndexedDB for the persisted cache and the outbox (issue #5), fresh per test file.
import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { setDeferral } from '../../src/api/deferral.ts'
import { setNavigationPort } from '../../src/api/navigation-port.ts'
import { appNavigation } from '../../src/app/navigation.ts'
import { submitDeferred } from '../../src/pwa/deferred-changes.ts'
import { resetConnectivity } from '../../src/stores/connectivity.ts'
import { liveServer } from '../mocks/live.ts'
import { server } from '../mocks/server.ts'

// As src/main.tsx does: the API client navigates through the app (the router a test renders
// registers itself there) and defers changes through the outbox.
setNavigationPort(appNavigation)
setDeferral(submitDeferred)

// findBy*/waitFor wait for the DOM; this only bounds how long before a failure is declared. The first
// test of a file loads its route's lazy module graph through Vite's transform, which under the whole
// suite's parallel load took 1.2–1.5 s (Testing Library's default bound is 1 s); 3 s stays within
// vitest's 5 s per test.
configure({ asyncUtilTimeout: 3000 })

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  liveServer.reset()
  // A network failure in one test must not leave the next one offline.
  resetConnectivity()
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  })
})
afterAll(() => server.close())
