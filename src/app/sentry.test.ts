import { describe, expect, it } from 'vitest'
import type { ErrorEvent } from '@sentry/react'
import { ApiError } from '../api/client.ts'
import { beforeSend, initSentry, reportError, SENTRY_SETTINGS } from './sentry.ts'

const event: ErrorEvent = { type: undefined, message: 'boom' }

function apiError(status: number) {
  return new ApiError(status, { error: { code: 'X', message: 'Message.' } })
}

describe('beforeSend (spec §8: HTTP 403 is ignored by error reporting)', () => {
  it('drops an event raised by a 403 answer', () => {
    expect(beforeSend(event, { originalException: apiError(403) })).toBeNull()
  })

  it('keeps a 500 answer and ordinary errors', () => {
    expect(beforeSend(event, { originalException: apiError(500) })).toBe(event)
    expect(beforeSend(event, { originalException: new Error('bug') })).toBe(event)
    expect(beforeSend(event, {})).toBe(event)
  })
})

describe('lazy Sentry', () => {
  it('does nothing without a DSN, and reportError is a no-op until loaded', async () => {
    await expect(initSentry({ appEnv: 'develop', version: 'test', sentryDsn: null })).resolves.toBeUndefined()
    expect(() => reportError(new Error('ignored'))).not.toThrow()
  })

  it('uses the constants of spec §9', () => {
    expect(SENTRY_SETTINGS).toEqual({
      tracesSampleRate: 1,
      idleTimeoutMs: 1000,
      finalTimeoutMs: 30_000,
      childSpanTimeoutMs: 15_000,
      maxBreadcrumbs: 100,
      maxValueLength: 102_400,
    })
  })
})
