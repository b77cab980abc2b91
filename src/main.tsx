// Boot: the persisted query cache is restored first (issue #5: a reload, offline too, shows the last
// data at once), then router + providers; error reporting after the first render, only with a DSN;
// then the service worker and the outbox of changes made offline.
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { configQueries } from './api/config.ts'
import { setNavigator } from './app/navigation.ts'
import { applyBootstrapData } from './app/bootstrap-data.ts'
import { whenLoadedAndIdle } from './app/when-idle.ts'
import { AppProviders } from './app/providers.tsx'
import { queryClient } from './app/query-client.ts'
import { createAppRouter } from './app/router.tsx'
import { initSentryWhenIdle, reportError, setSentryUser } from './app/sentry.ts'
import { startSessionSync } from './app/session-sync.ts'
import { retryLiveConnection } from './live/use-live-connection.ts'
import { startConnectivity } from './pwa/connectivity.ts'
import { startQueryPersistence } from './pwa/cache-persistence.ts'
import { restorePersistedCache } from './pwa/persisted-cache.ts'
import { announceUser, messageServiceWorker } from './pwa/sw-messages.ts'
import './styles/global.css'

let signedInServicesStarted = false

// Bounded by a timeout: a broken IndexedDB never holds the first render for long.
await restorePersistedCache(queryClient).catch(() => null)
// The user and configuration the server put in the page (fresher than anything restored).
applyBootstrapData(queryClient)
startConnectivity({ retryLive: retryLiveConnection })
startQueryPersistence(queryClient, {
  onSignedIn: (userId) => {
    announceUser(userId)
    startSignedInServices()
  },
  // Sign-out here or in another tab (session sync), or a lapsed session: the persisted cache is
  // wiped by the persistence itself; the worker's user caches and the reporting user go with it.
  onSignedOut: () => {
    void messageServiceWorker({ type: 'LOGOUT' })
    setSentryUser(null)
  },
})

const router = createAppRouter(queryClient)
// Code outside React (the API client's redirects) navigates through the router (spec §2, §7).
setNavigator((to, options) => void router.navigate(to, options))
// A sign-in, sign-out or dev-tools switch in another tab applies here too.
startSessionSync(queryClient)

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

const root = createRoot(container, {
  // Errors no boundary caught: keep React's console output, and report once Sentry is loaded.
  // (Route errors are caught and reported by the router's RouteErrorView.)
  onUncaughtError: (error, info) => {
    reportError(error)
    console.error(error, info.componentStack)
  },
})
// A transition: the first render yields to the browser every few milliseconds instead of holding the
// main thread in one long task (input stays responsive while the first screen is built).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient} router={router} />
    </StrictMode>,
  )
})

// The config is also what the routes read (same query, fetched once); Sentry waits for idle time.
queryClient
  .fetchQuery(configQueries.app())
  .then(initSentryWhenIdle)
  .catch(() => {
    // No config, no error reporting: the pages show their own errors.
  })

/**
 * The service worker (precache, update checks) and the outbox of changes made offline serve a
 * signed-in user only: loaded once one is known, so the /login first visit stays light, and after the
 * page has loaded, so that neither competes with the first screen (the user is known at boot when
 * the server embedded it).
 */
function startSignedInServices(): void {
  if (signedInServicesStarted) return
  signedInServicesStarted = true
  whenLoadedAndIdle(loadSignedInServices)
}

function loadSignedInServices(): void {
  // Production only: the dev server serves no service worker (vite-plugin-pwa devOptions are off).
  if (import.meta.env.PROD) {
    import('./pwa/register.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch(reportError)
  }
  // Changes made offline (this page or an earlier one) are sent once the server can be reached.
  import('./pwa/deferred-changes.ts').then(({ startOutbox }) => startOutbox(queryClient)).catch(reportError)
}
