// Sessions, XSRF and access control for /api: the one place where a request becomes a user. This
// file only wires the pieces, each in server/lib/:
// - session-store.ts (+ session-cache.ts): rows of `sessions`, the per-process cache and its bus
//   invalidation; request-session.ts: the `sid` cookie ↔ request.auth (resolve, create, destroy);
// - session-cookies.ts: cookie names and attributes, by the session's kind (issue #17);
// - xsrf.ts: the XSRF pair bound to the session or pre-session;
// - access.ts: config.access per route, 401 before CSRF before 403.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '../../src/contracts/roles.ts'
import { accessDenial, createRouteRegistry, type DeclaredRoute } from '../lib/access.ts'
import { createDisplaySessions, type DisplaySession, type DisplaySessions } from '../lib/display-session.ts'
import { createRequestSessions, type AuthState } from '../lib/request-session.ts'
import { createSessionStore, type LiveSession } from '../lib/session-store.ts'
import { getOrCreateSecret } from '../lib/secrets.ts'
import { createXsrf, requiresXsrf } from '../lib/xsrf.ts'
import type { HttpError } from '../lib/http-error.ts'

// Imported by routes, the live plugin and the me cache as the session's own types.
export type { SessionUser } from '../lib/session-cache.ts'
export type { LiveSession } from '../lib/session-store.ts'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthState
    /** Issue #14: the display link's session on a route declaring `config.display`, with no user. */
    display: DisplaySession | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    sessions: SessionService
    /** Issue #14: wall screens' sessions, by display link (server/lib/display-session.ts). */
    displaySessions: DisplaySessions
    /** Every /api route with its declared access (the table-driven access test reads it). */
    declaredRoutes: () => readonly DeclaredRoute[]
  }
}

export type SessionService = {
  /**
   * Starts a session (rotating any current one). `remember`: a persistent cookie; by default the
   * kind of the session being replaced (a dev connect-as keeps it), else one ending with the browser.
   */
  create: (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    options?: { remember?: boolean },
  ) => Promise<void>
  destroy: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  destroyAllForUser: (userId: number) => Promise<void>
  resolve: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  setXsrfCookie: (request: FastifyRequest, reply: FastifyReply) => void
  /** Whether a token sent in a form's body is the request's own XSRF token (routes with csrf: false). */
  xsrfValueMatches: (request: FastifyRequest, value: unknown) => boolean
  setRoleOverride: (request: FastifyRequest, role: Role | null) => Promise<void>
  /** The session behind a raw id, or null when it ended: for long-lived connections (live sockets). */
  lookup: (sessionId: string) => Promise<LiveSession | null>
  /** Ends lapsed sessions and forgets old rate-limit hits (the scheduled job of issue #15). */
  housekeep: () => Promise<void>
}

async function sessionPlugin(app: FastifyInstance) {
  const { db } = app.database
  const { config } = app
  const secret = await getOrCreateSecret(db, 'session', config.sessionSecret)
  const xsrf = createXsrf(secret, config)
  const store = createSessionStore({ db, bus: app.bus, config })
  const { resolve, resolveCached, create, destroy } = createRequestSessions(store, config)

  app.decorate('sessions', {
    create,
    destroy,
    destroyAllForUser: store.endAllForUser,
    resolve,
    setXsrfCookie: xsrf.setCookie,
    xsrfValueMatches: xsrf.valueMatches,
    async setRoleOverride(request, role) {
      if (request.auth.sessionId) await store.setRoleOverride(request.auth.sessionId, role)
    },
    lookup: store.lookup,
    housekeep: store.housekeep,
  } satisfies SessionService)
  // Set by resolve() on every /api request and on the HTML shell before anything reads it.
  app.decorateRequest('auth', null as unknown as AuthState)
  const displaySessions = createDisplaySessions(db, config)
  app.decorate('displaySessions', displaySessions)
  app.decorateRequest('display', null)

  const routes = createRouteRegistry()
  app.decorate('declaredRoutes', routes.list)

  // Every /api route gets the two hooks below as its own, first of its hooks, decided once when the
  // route is added rather than on each request (issue #27: the signed-in request's fixed cost). The
  // same routes as a global hook testing the matched pattern: the router decodes the path, so
  // /%61pi/users reaches /api/users and its hooks. Callback hooks: the common request (a session
  // held in force by this process's cache) makes no promise.
  app.addHook('onRoute', (route) => {
    routes.record(route)
    if (!isApiPattern(route.url)) return
    const { access, csrf, display } = route.config ?? {}

    function deny(request: FastifyRequest): HttpError | null {
      return accessDenial({
        access,
        role: request.auth.user?.role ?? null,
        requiresXsrf: requiresXsrf(request.method, csrf),
        xsrfMatches: () => xsrf.headerMatches(request),
        display: request.display !== null,
      })
    }
    async function authenticateSlowly(request: FastifyRequest, reply: FastifyReply) {
      await resolve(request, reply)
      // Issue #14: a wall screen's display link, only where the route admits one and nobody signed in.
      if (display && request.auth.user === null) request.display = await displaySessions.resolve(request)
      const denial = deny(request)
      if (denial) throw denial
    }
    const authenticate: onRequestHookHandler = (request, reply, done) => {
      if (resolveCached(request, reply) && !(display && request.auth.user === null)) {
        done(deny(request) ?? undefined)
        return
      }
      authenticateSlowly(request, reply).then(() => done(), done)
    }
    const sendCookies: onSendHookHandler = (request, reply, payload, done) => {
      xsrf.setCookie(request, reply)
      // Per-user data must never sit in a shared or browser HTTP cache (the SW decides its own caching).
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store')
      done(null, payload)
    }
    route.onRequest = [authenticate, ...hookList(route.onRequest)]
    route.onSend = [sendCookies, ...hookList(route.onSend)]
  })
}

/** A route option's hooks as a new array (never the route's own: a GET's HEAD twin shares them). */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return []
  return Array.isArray(hooks) ? [...hooks] : [hooks]
}

/** Whether a route pattern is under /api (the session, CSRF and access rules apply to it). */
export function isApiPattern(url: string): boolean {
  return url.startsWith('/api/')
}

/**
 * Whether the request matched an /api route. Decided on the matched route pattern, never on the raw
 * URL: the router decodes the path, so /%61pi/users reaches /api/users.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return isApiPattern(request.routeOptions.url ?? '')
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['database', 'bus'] })
