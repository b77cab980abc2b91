// Error reporting (spec §9, issue 2): @sentry/react is loaded in its own chunk, after the first
// render, and only when the server's config carries a DSN. Until then reportError is a no-op.
import type { ErrorEvent, EventHint } from '@sentry/react'
import type { AppConfigPayload } from '../contracts/user.ts'
import { ApiError } from '../api/client.ts'
import type { SentrySdk } from './sentry-sdk.ts'
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

let sentry: SentrySdk | null = null
let loading: Promise<void> | null = null
/** The signed-in user's id, remembered so it can be applied once Sentry has loaded. */
let currentUserId: number | null = null

/**
 * Spec §8: HTTP 403 is never reported (it is an expected answer, not a fault). Spec §9: an event
 * is at most 100 KB once serialised. Issue #26: its URLs carry no search term nor secret.
 */
export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent | null {
  const error = hint.originalException
  if (error instanceof ApiError && error.status === 403) return null
  return limitEventSize(redactEvent(event), SENTRY_SETTINGS.maxEventBytes)
}

function toSentryUser(id: number | null) {
  // Only the id: names and e-mails stay in our database.
  return id === null ? null : { id: String(id) }
}

async function load(config: AppConfigPayload & { sentryDsn: string }): Promise<void> {
  const { startSentry } = await import('./sentry-sdk.ts')
  const sdk = startSentry(
    {
      dsn: config.sentryDsn,
      release: config.version,
      environment: config.appEnv,
      tracesSampleRate: SENTRY_SETTINGS.tracesSampleRate,
      // v11 replaced `sendDefaultPii: true` with `dataCollection`; these are the "default
      // personal data" categories (user info, cookies, headers, query params), set explicitly.
      dataCollection: { userInfo: true, cookies: true, httpHeaders: true, urlQueryParams: true },
      maxBreadcrumbs: SENTRY_SETTINGS.maxBreadcrumbs,
      // Event body limit: the browser SDK has no option capping a whole event (`maxRequestBodySize`
      // is server-side only), so beforeSend trims the event to 100 KB; `maxValueLength` also
      // truncates every string value, so one oversized value cannot crowd out the rest.
      maxValueLength: SENTRY_SETTINGS.maxValueLength,
      beforeSend,
      // Issue #26: search terms and secrets leave no URL (src/app/sentry-redaction.ts).
      beforeBreadcrumb,
      beforeSendSpan,
    },
    {
      idleTimeout: SENTRY_SETTINGS.idleTimeoutMs,
      finalTimeout: SENTRY_SETTINGS.finalTimeoutMs,
      childSpanTimeout: SENTRY_SETTINGS.childSpanTimeoutMs,
    },
  )
  sdk.setUser(toSentryUser(currentUserId))
  sentry = sdk
}

/** Loads and starts Sentry once, when a DSN is configured; never throws. */
export function initSentry(config: AppConfigPayload): Promise<void> {
  const { sentryDsn } = config
  if (!sentryDsn) return Promise.resolve()
  loading ??= load({ ...config, sentryDsn }).catch(() => {
    // Reporting must never break the app: without Sentry, errors are simply not reported.
    loading = null
  })
  return loading
}

/** Waits for the browser to be idle (first render done) before loading Sentry. */
export function initSentryWhenIdle(config: AppConfigPayload): void {
  if (!config.sentryDsn) return
  const start = () => void initSentry(config)
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 })
  else setTimeout(start, 1000)
}

/** Sign-in sets the user's id on reports; sign-out (null) removes it. */
export function setSentryUser(id: number | null): void {
  currentUserId = id
  sentry?.setUser(toSentryUser(id))
}

/** Forgets the loaded SDK and the user (tests only: a started SDK cannot be taken out of a page). */
export function resetSentry(): void {
  sentry = null
  loading = null
  currentUserId = null
}

/** Reports an error; a no-op until Sentry has loaded (or when no DSN is configured). */
export function reportError(error: unknown): void {
  sentry?.captureException(error)
}
