// The service worker's routing rules as plain functions (issue #5): which navigations get the
// shell, what is reference data (per user) or an avatar, and that no mutation or live per-user data
// is ever matched.
import { describe, expect, it } from 'vitest'
import {
  AVATAR_CACHE,
  isAppNavigation,
  isAvatarRequest,
  isReferenceDataRequest,
  isRuntimeCache,
  REFERENCE_DATA_PATHS,
  referenceCacheName,
} from './routes.ts'

const origin = 'http://localhost:3000'

function input(path: string, method = 'GET', sameOrigin = true) {
  return {
    url: new URL(path, sameOrigin ? origin : 'https://elsewhere.example'),
    request: { method },
    sameOrigin,
  }
}

describe('navigation fallback', () => {
  it('gives the shell to app routes', () => {
    for (const path of [
      '/',
      '/home',
      '/lead/6f1c2a34-8b9d-4e21-9f3a-0c5d7e8f9a1b',
      '/backoffice/call-process/3',
      '/login',
    ])
      expect(isAppNavigation(new URL(path, origin)), path).toBe(true)
  })

  it('never to /api, /ws or anything that looks like a file', () => {
    for (const path of [
      '/api',
      '/api/user/me',
      '/ws',
      '/ws/x',
      '/sw.js',
      '/manifest.webmanifest',
      '/assets/a.js',
      '/icons/icon-192.png',
    ])
      expect(isAppNavigation(new URL(path, origin)), path).toBe(false)
  })
})

describe('reference data', () => {
  it('matches the allowlisted GET endpoints that exist today', () => {
    expect(REFERENCE_DATA_PATHS).toEqual(['/api/config', '/api/call/aircall-numbers'])
    for (const path of REFERENCE_DATA_PATHS) expect(isReferenceDataRequest(input(path)), path).toBe(true)
  })

  it('never matches a mutation, another origin, or per-user live data', () => {
    expect(isReferenceDataRequest(input('/api/config', 'POST'))).toBe(false)
    expect(isReferenceDataRequest(input('/api/call/aircall-numbers', 'PUT'))).toBe(false)
    expect(isReferenceDataRequest(input('/api/config', 'GET', false))).toBe(false)
    for (const path of [
      '/api/user/me',
      '/api/call/ongoing',
      '/api/lead/42',
      '/api/lead/42/history',
      '/api/lead/search/dur/1',
      '/api/users',
      '/api/config/extra',
    ])
      expect(isReferenceDataRequest(input(path)), path).toBe(false)
  })

  it('is cached under the user’s own cache name', () => {
    expect(referenceCacheName(7)).toBe('ref-data-v1-user-7')
    expect(referenceCacheName(7)).not.toBe(referenceCacheName(8))
    expect(isRuntimeCache(referenceCacheName(7))).toBe(true)
  })
})

describe('avatars', () => {
  it('matches versioned avatar GETs only', () => {
    expect(isAvatarRequest(input('/api/user/3/avatar?v=abc'))).toBe(true)
    expect(isAvatarRequest(input('/api/user/3/avatar'))).toBe(false)
    expect(isAvatarRequest(input('/api/user/avatar?v=abc'))).toBe(false)
    expect(isAvatarRequest(input('/api/user/avatar', 'POST'))).toBe(false)
    expect(isAvatarRequest(input('/api/user/3/avatar?v=abc', 'GET', false))).toBe(false)
  })

  it('are a runtime cache (purged at sign-out); the precache is not', () => {
    expect(isRuntimeCache(AVATAR_CACHE)).toBe(true)
    expect(isRuntimeCache('workbox-precache-v2-http://localhost:3000/')).toBe(false)
  })
})
