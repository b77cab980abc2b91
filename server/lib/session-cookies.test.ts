import { describe, expect, it } from 'vitest'
import { clearSessionCookies, cookieOptions, signedInUserRenewalOptions } from './session-cookies.ts'

const config = { publicUrl: undefined, sessionMaxMs: 12 * 3_600_000 }
const browserSession = { protocol: 'http', auth: { remember: false } }
const remembered = { protocol: 'http', auth: { remember: true } }

describe('cookieOptions', () => {
  it('ends with the browser unless the session is remembered', () => {
    expect(cookieOptions(browserSession, config, true)).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
    })
    expect(cookieOptions(remembered, config, false)).toEqual({
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: false,
      maxAge: 12 * 3600,
    })
  })

  it('is Secure over HTTPS, or when the public URL is HTTPS (behind a TLS proxy)', () => {
    expect(cookieOptions({ ...browserSession, protocol: 'https' }, config, true).secure).toBe(true)
    const proxied = { ...config, publicUrl: 'https://crm.example.fr' }
    expect(cookieOptions(browserSession, proxied, true).secure).toBe(true)
    expect(cookieOptions(browserSession, { ...config, publicUrl: 'http://localhost' }, true).secure).toBe(
      false,
    )
  })
})

describe('signedInUserRenewalOptions', () => {
  const expiresAt = new Date('2026-11-25T20:00:00Z')

  it('ends a remembered one when the session does, never by Max-Age', () => {
    const options = signedInUserRenewalOptions(remembered, config, { remember: true, expiresAt })
    expect(options).toEqual({
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: false,
      expires: expiresAt,
    })
  })

  it('ends with the browser otherwise', () => {
    const options = signedInUserRenewalOptions(browserSession, config, { remember: false, expiresAt })
    expect(options).toEqual({ path: '/', httpOnly: false, sameSite: 'lax', secure: false })
  })
})

describe('clearSessionCookies', () => {
  it('clears sid and its readable companion together', () => {
    const cleared: [string, { path: string }][] = []
    clearSessionCookies({ clearCookie: (name, options) => cleared.push([name, options]) })
    expect(cleared).toEqual([
      ['sid', { path: '/' }],
      ['signed-in-user', { path: '/' }],
    ])
  })
})
