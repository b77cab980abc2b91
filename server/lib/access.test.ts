import { describe, expect, it } from 'vitest'
import { accessDenial, assertAccessDeclared, type AccessCheck } from './access.ts'

function check(overrides: Partial<AccessCheck>): AccessCheck {
  return {
    access: 'authenticated',
    role: 'TELEOPERATOR',
    requiresXsrf: false,
    xsrfMatches: () => true,
    ...overrides,
  }
}

function codeOf(input: Partial<AccessCheck>) {
  const denial = accessDenial(check(input))
  return denial && { status: denial.statusCode, code: denial.code }
}

describe('accessDenial', () => {
  it('lets a public route through, signed in or not', () => {
    expect(codeOf({ access: 'public', role: null })).toBeNull()
    expect(codeOf({ access: 'public', role: 'TELEOPERATOR' })).toBeNull()
  })

  it('answers 401 to a signed-out caller of a private route before looking at the XSRF header', () => {
    let asked = false
    const xsrfMatches = () => ((asked = true), false)
    expect(codeOf({ role: null, requiresXsrf: true, xsrfMatches })).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    })
    expect(asked).toBe(false)
  })

  it('checks the XSRF header only when required, and before the role', () => {
    expect(codeOf({ access: ['ADMIN'], requiresXsrf: true, xsrfMatches: () => false })).toEqual({
      status: 403,
      code: 'CSRF',
    })
    expect(codeOf({ access: 'public', role: null, requiresXsrf: true, xsrfMatches: () => false })).toEqual({
      status: 403,
      code: 'CSRF',
    })
    expect(codeOf({ requiresXsrf: false, xsrfMatches: () => false })).toBeNull()
  })

  it('answers 403 to a role the route does not list', () => {
    expect(codeOf({ access: ['ADMIN', 'MANAGER'], role: 'TELEOPERATOR' })).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    })
    expect(codeOf({ access: ['ADMIN', 'MANAGER'], role: 'MANAGER' })).toBeNull()
    expect(codeOf({ access: undefined, role: 'ADMIN' })).toEqual({ status: 403, code: 'FORBIDDEN' })
  })
})

describe('assertAccessDeclared', () => {
  it('refuses an /api route without an access declaration, and only those', () => {
    expect(() => assertAccessDeclared({ method: 'GET', url: '/api/things', config: {} })).toThrow(
      'route GET /api/things declares no access',
    )
    expect(() =>
      assertAccessDeclared({ method: 'GET', url: '/api/things', config: { access: 'public' } }),
    ).not.toThrow()
    expect(() => assertAccessDeclared({ method: 'GET', url: '/ws', config: {} })).not.toThrow()
  })
})
