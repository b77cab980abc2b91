import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction.ts'

describe('redactUrl', () => {
  it('hides password-link tokens in paths and queries, and nothing else', () => {
    expect(redactUrl('/api/user/token/abcDEF123_-x')).toBe('/api/user/token/[redacted]')
    expect(redactUrl('/reset-password?token=abc%2Fdef&x=1')).toBe('/reset-password?token=[redacted]&x=1')
    expect(redactUrl('/api/users?page=2')).toBe('/api/users?page=2')
    // A wall screen's display link: its token is its session (issue #14).
    expect(redactUrl('/display/Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVm')).toBe('/display/[redacted]')
    expect(redactUrl('/display/abc?x=1')).toBe('/display/[redacted]?x=1')
  })
})
