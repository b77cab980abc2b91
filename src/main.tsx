// Boot: for the user holding the session, the persisted query cache is restored first (issue #5: a
// reload, offline too, shows the last data at once; issue #17: only within its idle limit) by the
// offline layer, a chunk of its own that the first visit of /login loads only at a sign-in (issue #27);
// then router + providers; error reporting after the first render, only with a DSN; then the
// service worker and the outbox of changes made offline.
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { configQueries } from './api/config.ts'
import { setDeferral } from './api/deferral.ts'
import { setNavigationPort } from './api/navigation-port.ts'
import { appNavigation, connectRouter } from './app/navigation.ts'
import { putBootstrapData, readBootstrapData } from './app/bootstrap-data.ts'
import { whenLoadedAndIdle } from './app/when-idle.ts'
import { AppProviders } from './app/providers.tsx'
import { queryClient } from './app/query-client.ts'
import { createAppRouter } from './app/router.tsx'
import { initSentryWhenIdle, reportError, setSentryUser } from './app/sentry.ts'
import { startSessionSync } from './app/session-sync.ts'
import { retryLiveConnection } from './live/use-live-connection.ts'
import { messageServiceWorker } from './pwa/sw-messages.ts'
import { isSignOutPending, startPendingSignOut } from './pwa/pending-sign-out.ts'
import { startConnectivity } from './pwa/connectivity.ts'
import { authQueries, logout } from './api/auth.ts'
import type { Me } from './contracts/user.ts'
import {
  forgetSessionRecord,
  judgeStoredData,
  readSessionRecord,
  signedInUserIdFromCookie,
} from './pwa/session-record.ts'
import { FIRST_PAINT_ATTRIBUTE, holdFirstPaintSubmit } from './features/auth/first-paint-input.ts'
import './styles/global.css'

let signedInServicesStarted = false

// The API layer is given what sits above it (issue #10 "Layers one way"): the app's navigation for
// its redirects, and the outbox for changes safe to defer — loaded with the first one, unless the
// signed-in services or the private layout (sign-out sends them first) already have.
setNavigationPort(appNavigation)
setDeferral((client, change) =>
  import('./pwa/deferred-changes.ts').then(({ submitDeferred }) => submitDeferred(client, change)),
)

// Who holds this browser's session: the user the server put in the page, or, when the service worker
// served it (offline too), the readable cookie that lives and dies with the session cookie — no
// request holds the first render. A sign-out made offline that the server has not heard yet: its user
// does not count.
const embedded = readBootstrapData()
const holder = embedded ? (embedded.me?.id ?? null) : signedInUserIdFromCookie()
// Issue #17 (docs/domain.md "Offline"): what this browser kept is shown only to the user holding the
// session, and only within the idle limit of the server's last confirmation; the rest goes before any
// render.
const record = readSessionRecord()
const verdict = judgeStoredData(record, holder !== null && isSignOutPending() ? null : holder)
// At once, before any request: the worker's caches of the previous user must not answer one.
if (verdict.stale) void messageServiceWorker({ type: 'LOGOUT' })
startConnectivity({ retryLive: retryLiveConnection })
startPendingSignOut(() => logout())
const offlineLayerHooks = {
  onSignedIn: startSignedInServices,
  onSignedOut: () => setSentryUser(null),
}
// Issue #27: the offline layer (src/pwa/offline-boot.ts) is its own chunk. When this browser holds a
// session or kept one, it runs before the first render: the holder's cache restored, anything else
// dropped (the server's shell preloads the chunk for a signed-in visitor). A browser that kept
// nothing (the first visit of /login) loads it only when someone signs in.
// No top-level await: the layer's chunk imports modules of this entry, which must have finished
// evaluating (a top-level await of that import would wait on itself).
// Issue #27 point 4: a press of the server-painted form's button (or Enter in it) before React has
// taken over is done by the live form.
const painted = document.querySelector<HTMLElement>(`[${FIRST_PAINT_ATTRIBUTE}]`)
if (painted) holdFirstPaintSubmit(painted)
void start()

async function start(): Promise<void> {
  if (holder !== null || record !== null) {
    // A chunk that cannot load (a network gone before the service worker was installed) leaves the
    // page without its offline layer, not without a first render.
    const layer = await import('./pwa/offline-boot.ts').catch(() => null)
    if (layer) {
      await layer.applyStoredDataVerdict(queryClient, verdict)
      // The record goes once what it vouched for has gone (else the next start tries again).
      if (verdict.stale) forgetSessionRecord()
    }
    // Fresher than anything restored.
    if (embedded) putBootstrapData(queryClient, embedded)
    layer?.startOfflineLayer(queryClient, {
      ...offlineLayerHooks,
      confirmedAtStart: embedded?.me != null && !isSignOutPending(),
    })
  } else {
    if (embedded) putBootstrapData(queryClient, embedded)
    startOfflineLayerAtSignIn()
  }
  await render()
}

/**
 * Nothing kept, nobody signed in: the offline layer loads when someone signs in, drops whatever a
 * previous visit may have left without a record (nothing of it is ever shown) and saves their cache.
 */
function startOfflineLayerAtSignIn(): void {
  const meKey = authQueries.me().queryKey
  let loading = false
  const load = () => {
    if (loading || queryClient.getQueryData<Me | null>(meKey) == null) return
    loading = true
    unsubscribe()
    import('./pwa/offline-boot.ts')
      .then(async ({ applyStoredDataVerdict, startOfflineLayer }) => {
        await applyStoredDataVerdict(queryClient, verdict)
        // Nothing was restored: the `me` the cache holds is the server's answer.
        startOfflineLayer(queryClient, { ...offlineLayerHooks, confirmedAtStart: true })
      })
      .catch(reportError)
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated') load()
  })
  load()
}

async function render(): Promise<void> {
  const router = createAppRouter(queryClient)
  // Code outside React (the API client's redirects) navigates and reloads through the router (spec
  // §2, §7); a reload is done in place (src/app/navigation.ts).
  connectRouter(router, queryClient)
  // A sign-in, sign-out or dev-tools switch in another tab applies here too.
  startSessionSync(queryClient)

  const container = document.getElementById('root')
  if (!container) throw new Error('index.html must contain <div id="root">')
  // Issue #27: the server painted the page's form in the HTML (server/lib/shell.ts). React takes over
  // once the router holds that page, so the copy is never replaced by a loading state first.
  if (container.firstElementChild && !router.state.initialized)
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return
        unsubscribe()
        resolve()
      })
    })

  const root = createRoot(container, {
    // Errors no boundary caught: keep React's console output, and report once Sentry is loaded.
    // (Route errors are caught and reported by the router's RouteErrorView.)
    onUncaughtError: (error, info) => {
      reportError(error)
      console.error(error, info.componentStack)
    },
  })
  // A transition: the first render yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (input stays responsive while the first screen is built).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} router={router} />
      </StrictMode>,
    )
  })
}

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
