// Access control for /api (issue #2): every route declares config.access next to itself and one
// hook enforces it, on the matched route, after the session is resolved. The order of the checks
// is part of the contract: a signed-out caller of a private route gets 401 whatever else is wrong
// (so the client goes to the login page), then the XSRF header is checked, then the role.
import type { RouteOptions } from 'fastify'
import type { Role } from '../../src/contracts/roles.ts'
import { errors, HttpError } from './http-error.ts'

export type Access = 'public' | 'authenticated' | readonly Role[]

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** Who may call the route (issue #2: declared next to the route, enforced by one hook). */
    access?: Access
    /** Set false only for server-to-server endpoints authenticated otherwise (webhooks). */
    csrf?: boolean
    /**
     * Issue #14: a display link's session may call it too (docs/domain.md "Display links"); only
     * with access 'authenticated', and only GET /api/leaderboard declares it.
     */
    display?: boolean
  }
}

/** onRoute: an /api route without a declaration fails the start instead of being open by mistake. */
export function assertAccessDeclared(route: Pick<RouteOptions, 'method' | 'url' | 'config'>) {
  if (!route.url.startsWith('/api/')) return
  if (route.config?.access === undefined)
    throw new Error(`route ${route.method} ${route.url} declares no access`)
}

/** An /api route and who may call it, as declared (the access test reads them all). */
export type DeclaredRoute = { method: string; url: string; access: Access; display?: true }

/** The declared routes of one app: `record` is its onRoute hook, `list` what it has seen. */
export function createRouteRegistry() {
  const routes: DeclaredRoute[] = []
  return {
    record(route: Pick<RouteOptions, 'method' | 'url' | 'config'>) {
      assertAccessDeclared(route)
      if (!route.url.startsWith('/api/') || route.config?.access === undefined) return
      // Fastify adds a HEAD route for each GET: the GET stands for both.
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          routes.push({
            method,
            url: route.url,
            access: route.config.access,
            ...(route.config.display ? { display: true as const } : {}),
          })
      }
    },
    list: (): readonly DeclaredRoute[] => routes,
  }
}

export type AccessCheck = {
  access: Access | undefined
  /** The signed-in user's role, or null when signed out. */
  role: Role | null
  /** Whether this request must carry the XSRF header (unsafe method, route not opted out). */
  requiresXsrf: boolean
  /** Asked only when required: deriving the expected token costs an HMAC. */
  xsrfMatches: () => boolean
  /** Issue #14: no user, but a display link's session on a route that admits one. */
  display?: boolean
}

/** Why the request is refused, or null when it may proceed. */
export function accessDenial({
  access,
  role,
  requiresXsrf,
  xsrfMatches,
  display = false,
}: AccessCheck): HttpError | null {
  if (access !== 'public' && role === null && !display) return errors.unauthenticated()
  if (requiresXsrf && !xsrfMatches()) {
    return new HttpError(403, 'CSRF', 'Jeton de sécurité (CSRF) absent ou invalide. Rechargez la page.')
  }
  if (access === 'public' || access === 'authenticated') return null
  // role is set here: a signed-out caller was refused above.
  if (role === null || !access?.includes(role)) return errors.forbidden()
  return null
}
