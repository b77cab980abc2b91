import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client.ts'
import { shouldRetry } from './query-client.ts'

function apiError(status: number) {
  return new ApiError(status, null)
}

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 409, 413, 429, 499])('never retries a %i answer', (status) => {
    expect(shouldRetry(0, apiError(status))).toBe(false)
  })

  it.each([0, 500, 502, 503])('retries a status %i twice, then gives up', (status) => {
    expect([0, 1, 2].map((failureCount) => shouldRetry(failureCount, apiError(status)))).toEqual([
      true,
      true,
      false,
    ])
  })

  it('retries an error that is not an API answer twice, then gives up', () => {
    expect(shouldRetry(1, new TypeError('bug'))).toBe(true)
    expect(shouldRetry(2, new TypeError('bug'))).toBe(false)
  })
})
