// The XSRF pair (double-submit, bound to the session): XSRF-TOKEN = HMAC(secret, binding), where the
// binding is the session id or, before login, a random pre-session id; a state-changing /api request
// must echo the cookie in X-XSRF-TOKEN. Binding to the session means a token read before login, or
// from another session, is worth nothing after a rotation.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { COOKIE, cookieOptions, type CookieConfig } from './session-cookies.ts'

export const XSRF_HEADER = 'x-xsrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** 32 random bytes in base64url: anything else in the cookie was not issued here and is ignored. */
const PRE_SESSION_ID_LENGTH = 43

/** Whether a request must carry the header: unsafe methods, unless the route opts out (webhooks). */
export function requiresXsrf(method: string, csrf: boolean | undefined): boolean {
  return !SAFE_METHODS.has(method) && csrf !== false
}

/** What the token is bound to: the session once signed in, else the pre-session; prefixed apart. */
export function xsrfBinding(auth: { sessionId: string | null; preSessionId: string | null }): string | null {
  if (auth.sessionId) return `s:${auth.sessionId}`
  if (auth.preSessionId) return `p:${auth.preSessionId}`
  return null
}

export function deriveXsrfToken(secret: string, binding: string): string {
  return createHmac('sha256', secret).update(`xsrf:${binding}`).digest('base64url')
}

/** Constant-time comparison: the header is attacker-chosen. */
export function tokensMatch(header: string, expected: string): boolean {
  const x = Buffer.from(header)
  const y = Buffer.from(expected)
  return x.length === y.length && timingSafeEqual(x, y)
}

export function readPreSessionId(cookies: Record<string, string | undefined>): string | null {
  const preSessionId = cookies[COOKIE.preSession]
  return preSessionId && preSessionId.length === PRE_SESSION_ID_LENGTH ? preSessionId : null
}

export type Xsrf = ReturnType<typeof createXsrf>

export function createXsrf(secret: string, config: CookieConfig) {
  // Tokens are recomputed only for bindings not seen recently (an HMAC per request shows in profiles).
  const tokens = new LRUCache<string, string>({ max: 20_000 })
  function tokenFor(binding: string): string {
    let token = tokens.get(binding)
    if (token === undefined) {
      token = deriveXsrfToken(secret, binding)
      tokens.set(binding, token)
    }
    return token
  }

  // A visitor who is not signed in still needs a token for the login form: it gets a pre-session.
  function ensurePreSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.auth.sessionId || request.auth.preSessionId) return
    request.auth.preSessionId = randomBytes(32).toString('base64url')
    reply.setCookie(COOKIE.preSession, request.auth.preSessionId, cookieOptions(request, config, true))
  }

  /** Sends XSRF-TOKEN when the browser's copy is missing or bound to something else. */
  function setCookie(request: FastifyRequest, reply: FastifyReply) {
    ensurePreSession(request, reply)
    const bound = xsrfBinding(request.auth)
    if (!bound) return
    const token = tokenFor(bound)
    if (request.cookies[COOKIE.xsrf] !== token) {
      reply.setCookie(COOKIE.xsrf, token, cookieOptions(request, config, false))
    }
  }

  /** Whether the request echoes the token of its own binding in X-XSRF-TOKEN. */
  function headerMatches(request: FastifyRequest): boolean {
    const header = request.headers[XSRF_HEADER]
    const bound = xsrfBinding(request.auth)
    return typeof header === 'string' && bound !== null && tokensMatch(header, tokenFor(bound))
  }

  /** The same check for a token a form sent in its body (a frame's POST cannot set a header). */
  function valueMatches(request: FastifyRequest, value: unknown): boolean {
    const bound = xsrfBinding(request.auth)
    return typeof value === 'string' && bound !== null && tokensMatch(value, tokenFor(bound))
  }

  return { setCookie, headerMatches, valueMatches }
}
