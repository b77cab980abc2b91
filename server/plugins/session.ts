// Sessions, CSRF and access control for /api: the one place where a request becomes a user.
// - Session id: 256 random bits in an HttpOnly SameSite=Lax cookie, stored hashed in the database
//   (survives restarts, shared by every process), idle timeout and absolute lifetime from config.
//   The cookie ends with the browser unless the user chose « Rester connecté sur cet appareil »
//   (issue #17: a shared workstation forgets its last user); the limits hold server-side either way.
// - CSRF: XSRF-TOKEN = HMAC(secret, binding) where the binding is the session id, or before login a
//   random pre-session id; state-changing /api requests must echo it in X-XSRF-TOKEN.
// - Access: every /api route declares config.access; one hook enforces it (401 / 403).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { eq, lt } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Role } from '../../src/contracts/roles.ts'
import { sessions, users } from '../db/schema.ts'
import { errors, HttpError } from '../lib/http-error.ts'
import { getOrCreateSecret } from '../lib/secrets.ts'
import { pruneHits } from '../lib/rate-limit.ts'

export type Access = 'public' | 'authenticated' | readonly Role[]
export type SessionUser = typeof users.$inferSelect

export type AuthState = {
  user: SessionUser | null
  sessionId: string | null
  preSessionId: string | null
  /** The session's cookie persists (« Rester connecté »); false: it ends with the browser. */
  remember: boolean
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthState
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Who may call the route (issue #2: declared next to the route, enforced by one hook). */
    access?: Access
    /** Set false only for server-to-server endpoints authenticated otherwise (webhooks). */
    csrf?: boolean
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    sessions: SessionService
  }
}

// `signedInUser`: the signed-in user's id, readable by the page (not HttpOnly; it grants nothing).
// It lives and dies with `sid`, so at start a page served by the service worker knows, without a
// request, whether this browser still has a session and whose (issue #17, src/pwa/session-record.ts).
export const COOKIE = {
  session: 'sid',
  preSession: 'psid',
  xsrf: 'XSRF-TOKEN',
  signedInUser: 'signed-in-user',
} as const
export const XSRF_HEADER = 'x-xsrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LAST_SEEN_RESOLUTION_MS = 60_000
/** Sessions are cached per process; the bus drops entries when a user or session changes. */
const CACHE_TTL_MS = 30_000
const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000

/** A session still in force: its user (dev role override applied) and when it lapses if unused. */
export type LiveSession = { user: SessionUser; idHash: string; lapsesAt: number }

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
  setRoleOverride: (request: FastifyRequest, role: Role | null) => Promise<void>
  /** The session behind a raw id, or null when it ended: for long-lived connections (live sockets). */
  lookup: (sessionId: string) => Promise<LiveSession | null>
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url')

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

async function sessionPlugin(app: FastifyInstance) {
  const { db } = app.database
  const { config } = app
  const secret = await getOrCreateSecret(db, 'session', config.sessionSecret)
  // Tokens are recomputed only for bindings not seen recently (an HMAC per request shows in profiles).
  const xsrfTokens = new LRUCache<string, string>({ max: 20_000 })
  function xsrfFor(binding: string): string {
    let token = xsrfTokens.get(binding)
    if (token === undefined) {
      token = createHmac('sha256', secret).update(`xsrf:${binding}`).digest('base64url')
      xsrfTokens.set(binding, token)
    }
    return token
  }

  /**
   * Cookies end with the browser (no Max-Age, issue #17) unless the session is remembered: then they
   * last the absolute lifetime. The pre-session and XSRF cookies follow the session's kind.
   */
  function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
    return {
      path: '/',
      httpOnly,
      sameSite: 'lax' as const,
      // Secure over HTTPS, including behind a TLS proxy when TRUST_PROXY is not set.
      secure: request.protocol === 'https' || Boolean(config.publicUrl?.startsWith('https://')),
      ...(request.auth.remember ? { maxAge: Math.floor(config.sessionMaxMs / 1000) } : {}),
    }
  }

  function binding(request: FastifyRequest): string | null {
    const { sessionId, preSessionId } = request.auth
    if (sessionId) return `s:${sessionId}`
    if (preSessionId) return `p:${preSessionId}`
    return null
  }

  function ensurePreSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.auth.sessionId || request.auth.preSessionId) return
    request.auth.preSessionId = randomBytes(32).toString('base64url')
    reply.setCookie(COOKIE.preSession, request.auth.preSessionId, cookieOptions(request, true))
  }

  function setXsrfCookie(request: FastifyRequest, reply: FastifyReply) {
    ensurePreSession(request, reply)
    const bound = binding(request)
    if (!bound) return
    const token = xsrfFor(bound)
    if (request.cookies[COOKIE.xsrf] !== token) {
      reply.setCookie(COOKIE.xsrf, token, cookieOptions(request, false))
    }
  }

  // Keyed by the session id itself (held in memory only), so a hit needs no hashing. Indexed by
  // user and by id hash, so that an invalidation (one per find, tag, call change…) touches only the
  // sessions it concerns instead of scanning every cached session.
  type Cached = { session: typeof sessions.$inferSelect; user: SessionUser }
  const byUser = new Map<number, Set<string>>()
  const byIdHash = new Map<string, string>()
  const cache = new LRUCache<string, Cached>({
    max: 20_000,
    ttl: CACHE_TTL_MS,
    dispose: (entry, sessionId) => {
      const ofUser = byUser.get(entry.user.id)
      ofUser?.delete(sessionId)
      if (ofUser?.size === 0) byUser.delete(entry.user.id)
      if (byIdHash.get(entry.session.idHash) === sessionId) byIdHash.delete(entry.session.idHash)
    },
  })
  function remember(sessionId: string, entry: Cached) {
    cache.set(sessionId, entry)
    let ofUser = byUser.get(entry.user.id)
    if (!ofUser) byUser.set(entry.user.id, (ofUser = new Set()))
    ofUser.add(sessionId)
    byIdHash.set(entry.session.idHash, sessionId)
  }
  // A load that raced with an invalidation of its user (or of everything) is not cached: it may be
  // stale. Invalidations are numbered; a load remembers the number it started at.
  let sequence = 0
  let everythingAt = 0
  const userAt = new Map<number, number>()
  app.bus.subscribe('user-changed', ({ userId }) => {
    userAt.set(userId, ++sequence)
    for (const sessionId of [...(byUser.get(userId) ?? [])]) cache.delete(sessionId)
  })
  app.bus.subscribe('session-changed', ({ idHash }) => {
    everythingAt = ++sequence
    const sessionId = byIdHash.get(idHash)
    if (sessionId !== undefined) cache.delete(sessionId)
  })
  app.bus.subscribe('reset', () => {
    everythingAt = ++sequence
    cache.clear()
  })

  async function load(sessionId: string): Promise<Cached | undefined> {
    const before = sequence
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, hashId(sessionId)))
    if (row && everythingAt <= before && (userAt.get(row.user.id) ?? 0) <= before) remember(sessionId, row)
    return row
  }

  function isLive(entry: Cached, now: number) {
    return (
      entry.user.status === 'ACTIVE' &&
      entry.session.expiresAt.getTime() > now &&
      entry.session.lastSeenAt.getTime() + config.sessionIdleMs > now
    )
  }

  function effectiveUser({ session, user }: Cached): SessionUser {
    return session.roleOverride ? { ...user, role: session.roleOverride } : user
  }

  async function lookup(sessionId: string): Promise<LiveSession | null> {
    const now = Date.now()
    const cached = cache.get(sessionId)
    const entry = cached && isLive(cached, now) ? cached : await load(sessionId)
    if (!entry || !isLive(entry, now)) return null
    const { session } = entry
    const lapsesAt = Math.min(
      session.expiresAt.getTime(),
      session.lastSeenAt.getTime() + config.sessionIdleMs,
    )
    return { user: effectiveUser(entry), idHash: session.idHash, lapsesAt }
  }

  async function resolve(request: FastifyRequest, reply: FastifyReply) {
    request.auth = { user: null, sessionId: null, preSessionId: null, remember: false }
    const preSessionId = request.cookies[COOKIE.preSession]
    if (preSessionId && preSessionId.length === 43) request.auth.preSessionId = preSessionId
    const sessionId = request.cookies[COOKIE.session]
    if (!sessionId) return
    const now = Date.now()
    const cached = cache.get(sessionId)
    // A cached entry that looks dead is confirmed from the database: another process may have
    // seen the session more recently.
    const entry = cached && isLive(cached, now) ? cached : await load(sessionId)
    if (!entry || !isLive(entry, now)) {
      if (entry) await db.delete(sessions).where(eq(sessions.idHash, entry.session.idHash))
      cache.delete(sessionId)
      reply.clearCookie(COOKIE.session, { path: '/' })
      reply.clearCookie(COOKIE.signedInUser, { path: '/' })
      return
    }
    request.auth.sessionId = sessionId
    const { session, user } = entry
    request.auth.user = effectiveUser(entry)
    request.auth.remember = session.remember
    // Set again when missing; a remembered one ends when the session does, never later than `sid`.
    if (request.cookies[COOKIE.signedInUser] !== String(user.id)) {
      const { maxAge: _maxAge, ...options } = cookieOptions(request, false)
      reply.setCookie(COOKIE.signedInUser, String(user.id), {
        ...options,
        ...(session.remember ? { expires: session.expiresAt } : {}),
      })
    }
    if (now - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      const lastSeenAt = new Date(now)
      // Only refresh an entry still cached as is: one that raced with an invalidation stays out.
      if (cache.get(sessionId) === entry) remember(sessionId, { user, session: { ...session, lastSeenAt } })
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.idHash, session.idHash))
    }
  }

  async function create(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    { remember = request.auth.sessionId !== null && request.auth.remember }: { remember?: boolean } = {},
  ) {
    // Rotation: whatever session the client had is gone; a fresh id is issued.
    if (request.auth.sessionId) await end(request.auth.sessionId)
    const sessionId = randomBytes(32).toString('base64url')
    await db.insert(sessions).values({
      idHash: hashId(sessionId),
      userId,
      expiresAt: new Date(Date.now() + config.sessionMaxMs),
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      ip: request.ip,
      remember,
    })
    const [user] = await db.select().from(users).where(eq(users.id, userId))
    request.auth.sessionId = sessionId
    request.auth.user = user ?? null
    request.auth.remember = remember
    reply.setCookie(COOKIE.session, sessionId, cookieOptions(request, true))
    reply.setCookie(COOKIE.signedInUser, String(userId), cookieOptions(request, false))
  }

  async function end(sessionId: string) {
    const idHash = hashId(sessionId)
    await db.delete(sessions).where(eq(sessions.idHash, idHash))
    await app.bus.publish('session-changed', { idHash })
  }

  async function destroy(request: FastifyRequest, reply: FastifyReply) {
    if (request.auth.sessionId) await end(request.auth.sessionId)
    request.auth.sessionId = null
    request.auth.user = null
    request.auth.preSessionId = null
    request.auth.remember = false
    reply.clearCookie(COOKIE.session, { path: '/' })
    reply.clearCookie(COOKIE.signedInUser, { path: '/' })
  }

  async function destroyAllForUser(userId: number) {
    await db.delete(sessions).where(eq(sessions.userId, userId))
    await app.bus.publish('user-changed', { userId })
  }

  async function setRoleOverride(request: FastifyRequest, role: Role | null) {
    if (!request.auth.sessionId) return
    const idHash = hashId(request.auth.sessionId)
    await db.update(sessions).set({ roleOverride: role }).where(eq(sessions.idHash, idHash))
    await app.bus.publish('session-changed', { idHash })
  }

  app.decorate('sessions', {
    create,
    destroy,
    destroyAllForUser,
    resolve,
    setXsrfCookie,
    setRoleOverride,
    lookup,
  })
  // Set by resolve() on every /api request and on the HTML shell before anything reads it.
  app.decorateRequest('auth', null as unknown as AuthState)

  // Every /api route must say who may call it: a route without a declaration fails the start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return
    if (route.config?.access === undefined)
      throw new Error(`route ${route.method} ${route.url} declares no access`)
  })

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return
    await resolve(request, reply)
    const { access, csrf } = request.routeOptions.config
    // Signed out on a private route: 401 first, whatever else is wrong with the request.
    if (access !== 'public' && !request.auth.user) throw errors.unauthenticated()
    if (!SAFE_METHODS.has(request.method) && csrf !== false) {
      const header = request.headers[XSRF_HEADER]
      const bound = binding(request)
      if (typeof header !== 'string' || !bound || !safeEqual(header, xsrfFor(bound))) {
        throw new HttpError(403, 'CSRF', 'Jeton de sécurité (CSRF) absent ou invalide. Rechargez la page.')
      }
    }
    if (access === 'public' || access === 'authenticated') return
    if (!access?.includes(request.auth.user!.role)) throw errors.forbidden()
  })

  app.addHook('onSend', async (request, reply) => {
    if (!isApiRoute(request)) return
    setXsrfCookie(request, reply)
    // Per-user data must never sit in a shared or browser HTTP cache (the SW decides its own caching).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store')
  })

  // Housekeeping shared by every process (idempotent): expired sessions and old rate-limit hits.
  const housekeeping = setInterval(() => {
    void Promise.all([
      db.delete(sessions).where(lt(sessions.expiresAt, new Date())),
      db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - config.sessionIdleMs))),
      pruneHits(db),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'session housekeeping failed'))
  }, HOUSEKEEPING_INTERVAL_MS)
  housekeeping.unref()
  app.addHook('onClose', async () => clearInterval(housekeeping))
}

/**
 * Whether the request matched an /api route. Decided on the matched route pattern, never on the raw
 * URL: the router decodes the path, so /%61pi/users reaches /api/users.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['database', 'bus'] })
