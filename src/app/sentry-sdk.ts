// The part of error reporting that needs @sentry/react. Only sentry.ts imports it, dynamically,
// so the SDK is a separate chunk loaded after the first render; named imports keep it tree-shaken.
import {
  browserTracingIntegration,
  captureException,
  init,
  makeBrowserOfflineTransport,
  makeFetchTransport,
  setUser,
  type BrowserOptions,
} from '@sentry/react'

export type SentrySdk = {
  captureException: (error: unknown) => void
  setUser: (user: { id: string } | null) => void
}

export type TracingTimeouts = {
  idleTimeout: number
  finalTimeout: number
  childSpanTimeout: number
}

export function startSentry(
  options: Omit<BrowserOptions, 'integrations' | 'transport'>,
  tracing: TracingTimeouts,
): SentrySdk {
  init({
    ...options,
    // Plain browser tracing: the router exists before Sentry loads, so the react-router wrappers
    // (which must wrap createBrowserRouter) cannot be used; navigations are still traced by URL.
    integrations: [browserTracingIntegration(tracing)],
    // Call centres lose the network: events wait in IndexedDB and are sent when back online.
    transport: makeBrowserOfflineTransport(makeFetchTransport),
  })
  return {
    captureException: (error) => void captureException(error),
    setUser: (user) => setUser(user),
  }
}
