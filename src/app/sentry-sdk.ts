// The part of error reporting that needs @sentry/react, with the options of spec §9 and the hooks
// that shape every event (issue #26 redaction, the 100 KB limit). Only sentry.ts imports it,
// dynamically, so the SDK and these hooks are a separate chunk loaded after the first render, never
// on the first visit of /login (issue #27); named imports keep the SDK tree-shaken.
import {
  browserTracingIntegration,
  captureException,
  init,
  makeBrowserOfflineTransport,
  makeFetchTransport,
  setUser,
  type ErrorEvent,
  type EventHint,
} from '@sentry/react'
import { ApiError } from '../api/client.ts'
import { limitEventSize } from './sentry-event-size.ts'
import { beforeBreadcrumb, beforeSendSpan, redactEvent } from './sentry-redaction.ts'

/** Spec §9 constants. */
export const SENTRY_SETTINGS = {
  tracesSampleRate: 1,
  idleTimeoutMs: 1000,
  finalTimeoutMs: 30_000,
  childSpanTimeoutMs: 15_000,
  maxBreadcrumbs: 100,
  /** "Event body limit 100 KB": the whole serialised event, enforced in beforeSend. */
  maxEventBytes: 100 * 1024,
  /** The same limit for any one string value, so a single huge value cannot crowd out the rest. */
  maxValueLength: 100 * 1024,
} as const

/**
 * Spec §8: HTTP 403 is never reported (it is an expected answer, not a fault). Spec §9: an event
 * is at most 100 KB once serialised. Issue #26: its URLs carry no search term nor secret.
 */
export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  const error = hint.originalException
  if (error instanceof ApiError && error.status === 403) return null
  return limitEventSize(redactEvent(event), SENTRY_SETTINGS.maxEventBytes)
}

export type SentrySdk = {
  captureException: (error: unknown) => void
  setUser: (user: { id: string } | null) => void
}

/** What the server's configuration says about this deployment. */
export type SentryTarget = { dsn: string; release: string; environment: string }

export function startSentry({ dsn, release, environment }: SentryTarget): SentrySdk {
  init({
    dsn,
    release,
    environment,
    tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
    // v11 replaced `sendDefaultPii: true` with `dataCollection`; these are the "default personal
    // data" categories (user info, cookies, headers, query params), set explicitly.
    dataCollection: { userInfo: true, cookies: true, httpHeaders: true, urlQueryParams: true },
    maxBreadcrumbs: SENTRY_SETTINGS.maxBreadcrumbs,
    // Event body limit: the browser SDK has no option capping a whole event (`maxRequestBodySize`
    // is server-side only), so beforeSend trims the event to 100 KB; `maxValueLength` also truncates
    // every string value, so one oversized value cannot crowd out the rest.
    maxValueLength: SENTRY_SETTINGS.maxValueLength,
    beforeSend,
    // Issue #26: search terms and secrets leave no URL (src/app/sentry-redaction.ts).
    beforeBreadcrumb,
    beforeSendSpan,
    // Plain browser tracing: the router exists before Sentry loads, so the react-router wrappers
    // (which must wrap createBrowserRouter) cannot be used; navigations are still traced by URL.
    integrations: [
      browserTracingIntegration({
        idleTimeout: SENTRY_SETTINGS.idleTimeoutMs,
        finalTimeout: SENTRY_SETTINGS.finalTimeoutMs,
        childSpanTimeout: SENTRY_SETTINGS.childSpanTimeoutMs,
      }),
    ],
    // Call centres lose the network: events wait in IndexedDB and are sent when back online.
    transport: makeBrowserOfflineTransport(makeFetchTransport),
  })
  return {
    captureException: (error) => void captureException(error),
    setUser: (user) => setUser(user),
  }
}
