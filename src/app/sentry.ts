// Error reporting (spec §9, issue 2): @sentry/react, its options and its event hooks are loaded in
// their own chunk (sentry-sdk.ts), after the first render, and only when the server's config carries
// a DSN. Until then reportError is a no-op.
import type { AppConfigPayload } from '../contracts/user.ts'
import type { SentrySdk } from './sentry-sdk.ts'

let sentry: SentrySdk | null = null
let loading: Promise<void> | null = null
/** The signed-in user's id, remembered so it can be applied once Sentry has loaded. */
let currentUserId: number | null = null

function toSentryUser(id: number | null) {
  // Only the id: names and e-mails stay in our database.
  return id === null ? null : { id: String(id) }
}

async function load(config: AppConfigPayload & { sentryDsn: string }): Promise<void> {
  const { startSentry } = await import('./sentry-sdk.ts')
  const sdk = startSentry({ dsn: config.sentryDsn, release: config.version, environment: config.appEnv })
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
