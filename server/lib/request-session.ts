// Binds a request to the session store through cookies: `resolve` turns the `sid` cookie into
// request.auth, `create` signs in (rotating any session the client had), `destroy` signs out.
// The session id is 256 random bits in an HttpOnly SameSite=Lax cookie; it ends with the browser
// unless the user chose « Rester connecté sur cet appareil » (issue #17: a shared workstation forgets
// its last user); the server's limits hold either way.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedSession, SessionUser } from './session-cache.ts'
import {
  clearSessionCookies,
  COOKIE,
  cookieOptions,
  signedInUserRenewalOptions,
  type CookieConfig,
} from './session-cookies.ts'
import { effectiveUser, type SessionStore } from './session-store.ts'
import { readPreSessionId } from './xsrf.ts'

export type AuthState = {
  user: SessionUser | null
  sessionId: string | null
  preSessionId: string | null
  /** The session's cookie persists (« Rester connecté »); false: it ends with the browser. */
  remember: boolean
}

export function createRequestSessions(store: SessionStore, config: CookieConfig) {
  /** Signed out until the session is known; returns the `sid` cookie, if any. */
  function begin(request: FastifyRequest): string | undefined {
    request.auth = {
      user: null,
      sessionId: null,
      preSessionId: readPreSessionId(request.cookies),
      remember: false,
    }
    return request.cookies[COOKIE.session]
  }

  function admit(request: FastifyRequest, reply: FastifyReply, sessionId: string, entry: CachedSession) {
    request.auth.sessionId = sessionId
    const { session, user } = entry
    request.auth.user = effectiveUser(entry)
    request.auth.remember = session.remember
    // Set again when missing (the page reads it at start to know whose session this browser holds).
    const userId = String(user.id)
    if (request.cookies[COOKIE.signedInUser] !== userId)
      reply.setCookie(COOKIE.signedInUser, userId, signedInUserRenewalOptions(request, config, session))
  }

  /**
   * request.auth decided without a promise when it can be: no `sid` cookie, or a session this
   * process's cache holds in force with nothing to write (store.currentCached). False: `resolve`
   * must ask the store. Issue #27: the common signed-in request awaits nothing here.
   */
  function resolveCached(request: FastifyRequest, reply: FastifyReply): boolean {
    const sessionId = begin(request)
    if (!sessionId) return true
    const entry = store.currentCached(sessionId, Date.now())
    if (!entry) return false
    admit(request, reply, sessionId, entry)
    return true
  }

  async function resolve(request: FastifyRequest, reply: FastifyReply) {
    if (resolveCached(request, reply)) return
    const sessionId = request.cookies[COOKIE.session]!
    const now = Date.now()
    const entry = await store.current(sessionId, now)
    if (!entry) {
      clearSessionCookies(reply)
      return
    }
    admit(request, reply, sessionId, entry)
    await store.touch(sessionId, entry, now)
  }

  /**
   * Starts a session (rotating any current one). `remember`: a persistent cookie; by default the
   * kind of the session being replaced (a dev connect-as keeps it), else one ending with the browser.
   */
  async function create(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    { remember = request.auth.sessionId !== null && request.auth.remember }: { remember?: boolean } = {},
  ) {
    // Rotation: whatever session the client had is gone; a fresh id is issued. The previous user
    // signed out when someone else signs in (the timeline, issue #14); the same user just signs in again.
    if (request.auth.sessionId)
      await store.end(request.auth.sessionId, request.auth.user?.id === userId ? null : 'switched')
    const { sessionId, user } = await store.start({
      userId,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      ip: request.ip,
      remember,
    })
    request.auth.sessionId = sessionId
    request.auth.user = user
    request.auth.remember = remember
    reply.setCookie(COOKIE.session, sessionId, cookieOptions(request, config, true))
    reply.setCookie(COOKIE.signedInUser, String(userId), cookieOptions(request, config, false))
  }

  async function destroy(request: FastifyRequest, reply: FastifyReply) {
    if (request.auth.sessionId) await store.end(request.auth.sessionId)
    request.auth.sessionId = null
    request.auth.user = null
    request.auth.preSessionId = null
    request.auth.remember = false
    clearSessionCookies(reply)
  }

  return { resolve, resolveCached, create, destroy }
}
