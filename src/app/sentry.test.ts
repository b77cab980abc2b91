import { describe, expect, it, vi } from 'vitest'
import type { ErrorEvent } from '@sentry/react'
import * as sdk from '@sentry/react'
import { ApiError } from '../api/client.ts'
import { initSentry, reportError, setSentryUser } from './sentry.ts'
import { beforeSend } from './sentry-sdk.ts'
import { eventBytes } from './sentry-event-size.ts'
import { beforeBreadcrumb, beforeSendSpan } from './sentry-redaction.ts'

// The SDK itself is replaced: these tests read what the app hands to it, not what Sentry does.
vi.mock('@sentry/react', () => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn((options: object) => ({ name: 'BrowserTracing', options })),
  makeFetchTransport: vi.fn(),
  makeBrowserOfflineTransport: vi.fn(() => 'offline transport'),
  captureException: vi.fn(),
  setUser: vi.fn(),
}))

const event: ErrorEvent = { type: undefined, message: 'boom' }
const DSN = 'https://public@o1.ingest.sentry.io/2'

function apiError(status: number) {
  return new ApiError(status, { error: { code: 'X', message: 'Message.' } })
}

describe('beforeSend (spec §8: HTTP 403 is ignored by error reporting)', () => {
  it('drops an event raised by a 403 answer', () => {
    expect(beforeSend(event, { originalException: apiError(403) })).toBeNull()
  })

  it('keeps a 500 answer and ordinary errors', () => {
    expect(beforeSend(event, { originalException: apiError(500) })).toEqual(event)
    expect(beforeSend(event, { originalException: new Error('bug') })).toEqual(event)
    expect(beforeSend(event, {})).toEqual(event)
  })

  it('sends no search term in the page’s URL (issue #26)', () => {
    const onSearch: ErrorEvent = { ...event, request: { url: 'https://h.fr/utilisateurs?q=Dupontel' } }
    expect(beforeSend(onSearch, {})?.request?.url).toBe('https://h.fr/utilisateurs?q=[redacted]')
  })

  it('brings an event over 100 KB under the limit (spec §9)', () => {
    const big: ErrorEvent = {
      ...event,
      breadcrumbs: Array.from({ length: 100 }, (_, i) => ({ message: `${i}`.padEnd(3100, '.') })),
    }
    expect(eventBytes(big)).toBeGreaterThanOrEqual(300 * 1024)

    const sent = beforeSend(big, { originalException: new Error('bug') })

    expect(sent && eventBytes(sent)).toBeLessThanOrEqual(100 * 1024)
  })
})

describe('lazy Sentry', () => {
  it('does nothing without a DSN, and reportError is a no-op until loaded', async () => {
    await expect(
      initSentry({ appEnv: 'develop', version: 'test', sentryDsn: null, sessionIdleMinutes: 240 }),
    ).resolves.toBeUndefined()
    expect(() => reportError(new Error('ignored'))).not.toThrow()
    expect(sdk.init).not.toHaveBeenCalled()
  })

  it('starts the SDK with the options of spec §9', async () => {
    setSentryUser(3)

    await initSentry({ appEnv: 'staging', version: '1.2.3', sentryDsn: DSN, sessionIdleMinutes: 240 })

    expect(sdk.browserTracingIntegration).toHaveBeenCalledWith({
      idleTimeout: 1000,
      finalTimeout: 30_000,
      childSpanTimeout: 15_000,
    })
    expect(sdk.init).toHaveBeenCalledTimes(1)
    expect(sdk.init).toHaveBeenCalledWith({
      dsn: DSN,
      release: '1.2.3',
      environment: 'staging',
      tracesSampleRate: 1,
      // "Default personal data" (v11's replacement of sendDefaultPii: true).
      dataCollection: { userInfo: true, cookies: true, httpHeaders: true, urlQueryParams: true },
      maxBreadcrumbs: 100,
      maxValueLength: 100 * 1024,
      beforeSend,
      beforeBreadcrumb,
      beforeSendSpan,
      integrations: [
        {
          name: 'BrowserTracing',
          options: { idleTimeout: 1000, finalTimeout: 30_000, childSpanTimeout: 15_000 },
        },
      ],
      transport: 'offline transport',
    })
    expect(sdk.makeBrowserOfflineTransport).toHaveBeenCalledWith(sdk.makeFetchTransport)
    expect(sdk.setUser).toHaveBeenLastCalledWith({ id: '3' })
  })

  it('reports errors and follows sign-out once loaded, without starting the SDK again', async () => {
    const error = new Error('bug')
    // Loaded first (the setup unloads it after each test), then only what follows is observed.
    await initSentry({ appEnv: 'staging', version: '1.2.3', sentryDsn: DSN, sessionIdleMinutes: 240 })
    vi.clearAllMocks()

    await initSentry({ appEnv: 'staging', version: '1.2.3', sentryDsn: DSN, sessionIdleMinutes: 240 })
    reportError(error)
    setSentryUser(null)

    expect(sdk.init).not.toHaveBeenCalled()
    expect(sdk.captureException).toHaveBeenCalledWith(error)
    expect(sdk.setUser).toHaveBeenLastCalledWith(null)
  })
})
