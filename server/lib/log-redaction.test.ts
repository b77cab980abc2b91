import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction.ts'

describe('redactUrl', () => {
  it('hides password-link tokens in paths and queries, and nothing else', () => {
    expect(redactUrl('/api/user/token/abcDEF123_-x')).toBe('/api/user/token/[redacted]')
    expect(redactUrl('/reset-password?token=abc%2Fdef&x=1')).toBe('/reset-password?token=[redacted]&x=1')
    expect(redactUrl('/api/users?page=2')).toBe('/api/users?page=2')
  })
})
