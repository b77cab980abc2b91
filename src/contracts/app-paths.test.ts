import { describe, expect, it } from 'vitest'
import { buildPath, paths, routePatterns, safeAppPath, safeReturnTo } from './app-paths.ts'

describe('paths', () => {
  it('builds the URLs of spec §2', () => {
    expect(paths.lead('3f2a-uuid')).toBe('/lead/3f2a-uuid')
    expect(paths.leadAppointment('3f2a')).toBe('/lead/3f2a/appointment')
    expect(paths.backofficeCallProcess(12)).toBe('/backoffice/call-process/12')
    expect(paths.affectationsMission(4)).toBe('/affectations/mission/4')
    expect(paths.backofficeMarkets()).toBe('/backoffice/marches')
    expect(paths.login('/home?x=1')).toBe('/login?returnTo=%2Fhome%3Fx%3D1')
    expect(paths.resetPassword('tok')).toBe('/reset-password?token=tok')
  })

  it('encodes parameters so they stay one path segment', () => {
    expect(paths.lead('a/b?c')).toBe('/lead/a%2Fb%3Fc')
  })

  it('fills a pattern’s parameters in order, and leaves the query variants bare without a value', () => {
    expect(buildPath('/a/:x/b/:y', 1, 'z z')).toBe('/a/1/b/z%20z')
    expect(buildPath(routePatterns.home)).toBe('/home')
    expect(paths.login()).toBe('/login')
    expect(paths.resetPassword()).toBe('/reset-password')
  })
})

describe('safeReturnTo', () => {
  it.each(['/home', '/backoffice/tags?page=2', '/lead/abc#notes'])(
    'accepts the same-origin path %s',
    (value) => {
      expect(safeReturnTo(value)).toBe(value)
    },
  )

  it.each([
    null,
    '',
    'home',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example/home',
    'javascript:alert(1)',
    '/login',
    '/login?returnTo=/home',
    '/reset-password?token=x',
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value)).toBeNull()
  })
})

describe('safeAppPath', () => {
  it.each(['/home', '/login', '/home?redirect=/lead/9&cause=UNTAGGED_CALL', '/lead/abc#notes'])(
    'accepts the in-app path %s (public pages included: a server redirect may lead there)',
    (value) => {
      expect(safeAppPath(value)).toBe(value)
    },
  )

  it.each([
    null,
    undefined,
    '',
    'home',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/home',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(safeAppPath(value)).toBeNull()
  })
})
