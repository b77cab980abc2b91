import { describe, expect, it } from 'vitest'
import { deriveXsrfToken, readPreSessionId, requiresXsrf, tokensMatch, xsrfBinding } from './xsrf.ts'

describe('xsrfBinding', () => {
  it('binds to the session once signed in, else to the pre-session, else to nothing', () => {
    expect(xsrfBinding({ sessionId: 'abc', preSessionId: 'def' })).toBe('s:abc')
    expect(xsrfBinding({ sessionId: null, preSessionId: 'def' })).toBe('p:def')
    expect(xsrfBinding({ sessionId: null, preSessionId: null })).toBeNull()
  })
})

describe('deriveXsrfToken', () => {
  it('is stable for one secret and binding, and differs across bindings and secrets', () => {
    const token = deriveXsrfToken('secret', 's:abc')
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(deriveXsrfToken('secret', 's:abc')).toBe(token)
    expect(deriveXsrfToken('secret', 'p:abc')).not.toBe(token)
    expect(deriveXsrfToken('other', 's:abc')).not.toBe(token)
  })
})

describe('tokensMatch', () => {
  it('accepts only the exact token', () => {
    const token = deriveXsrfToken('secret', 's:abc')
    expect(tokensMatch(token, token)).toBe(true)
    expect(tokensMatch(token.slice(1), token)).toBe(false)
    expect(tokensMatch('', token)).toBe(false)
    expect(tokensMatch(deriveXsrfToken('secret', 'p:abc'), token)).toBe(false)
  })
})

describe('requiresXsrf', () => {
  it('is required on unsafe methods unless the route opts out', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(requiresXsrf(method, undefined)).toBe(false)
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(requiresXsrf(method, undefined)).toBe(true)
    expect(requiresXsrf('POST', true)).toBe(true)
    expect(requiresXsrf('POST', false)).toBe(false)
  })
})

describe('readPreSessionId', () => {
  it('keeps only an id of the shape this server issues', () => {
    const id = 'a'.repeat(43)
    expect(readPreSessionId({ psid: id })).toBe(id)
    expect(readPreSessionId({ psid: 'a'.repeat(42) })).toBeNull()
    expect(readPreSessionId({})).toBeNull()
  })
})
