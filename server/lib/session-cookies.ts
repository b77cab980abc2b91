// The cookies of a session and their attributes (issue #17: a shared workstation forgets its last
// user). Pure: the session store, the XSRF pair and the HTML shell all derive their cookies from here,
// so `sid`, its readable companion and the XSRF pair always share one kind and one lifetime.
import type { AppConfig } from '../config.ts'

// `signedInUser`: the signed-in user's id, readable by the page (not HttpOnly; it grants nothing).
// It lives and dies with `sid`, so at start a page served by the service worker knows, without a
// request, whether this browser still has a session and whose (issue #17, src/pwa/session-record.ts).
export const COOKIE = {
  session: 'sid',
  preSession: 'psid',
  xsrf: 'XSRF-TOKEN',
  signedInUser: 'signed-in-user',
} as const

/** What the attributes depend on: the request's scheme and the kind of session it carries. */
export type CookieContext = {
  protocol: string
  auth: { remember: boolean }
}
export type CookieConfig = Pick<AppConfig, 'publicUrl' | 'sessionMaxMs'>

/**
 * Cookies end with the browser (no Max-Age, issue #17) unless the session is remembered: then they
 * last the absolute lifetime. The pre-session and XSRF cookies follow the session's kind.
 */
export function cookieOptions(request: CookieContext, config: CookieConfig, httpOnly: boolean) {
  return {
    path: '/',
    httpOnly,
    sameSite: 'lax' as const,
    // Secure over HTTPS, including behind a TLS proxy when TRUST_PROXY is not set.
    secure: request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https://')),
    ...(request.auth.remember ? { maxAge: Math.floor(config.sessionMaxMs / 1000) } : {}),
  }
}

/**
 * `signed-in-user` when set again for a live session: a remembered one ends when the session does
 * (its absolute expiry), never later than `sid`; otherwise it ends with the browser.
 */
export function signedInUserRenewalOptions(
  request: CookieContext,
  config: CookieConfig,
  session: { remember: boolean; expiresAt: Date },
) {
  const { maxAge: _maxAge, ...options } = cookieOptions(request, config, false)
  return { ...options, ...(session.remember ? { expires: session.expiresAt } : {}) }
}

/** Cleared together: the companion must never say a session exists when `sid` is gone. */
export function clearSessionCookies(reply: {
  clearCookie: (name: string, options: { path: string }) => unknown
}) {
  reply.clearCookie(COOKIE.session, { path: '/' })
  reply.clearCookie(COOKIE.signedInUser, { path: '/' })
}
