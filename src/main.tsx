// Boot: router + providers first; error reporting after the first render, only with a DSN.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { configQueries } from './api/config.ts'
import { setNavigator } from './app/navigation.ts'
import { AppProviders } from './app/providers.tsx'
import { queryClient } from './app/query-client.ts'
import { createAppRouter } from './app/router.tsx'
import { initSentryWhenIdle, reportError } from './app/sentry.ts'
import { startSessionSync } from './app/session-sync.ts'
import './styles/global.css'

const router = createAppRouter(queryClient)
// Code outside React (the API client's redirects) navigates through the router (spec §2, §7).
setNavigator((to, options) => void router.navigate(to, options))
// A sign-in, sign-out or dev-tools switch in another tab applies here too.
startSessionSync(queryClient)

const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

createRoot(container, {
  // Errors no boundary caught: keep React's console output, and report once Sentry is loaded.
  // (Route errors are caught and reported by the router's RouteErrorView.)
  onUncaughtError: (error, info) => {
    reportError(error)
    console.error(error, info.componentStack)
  },
}).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} router={router} />
  </StrictMode>,
)

// The config is also what the routes read (same query, fetched once); Sentry waits for idle time.
queryClient
  .fetchQuery(configQueries.app())
  .then(initSentryWhenIdle)
  .catch(() => {
    // No config, no error reporting: the pages show their own errors.
  })
