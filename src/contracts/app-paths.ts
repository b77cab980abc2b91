// Every URL of the client (spec §2), derived from the route table (routes.ts): `routePatterns` are
// the patterns the router declares, `paths` the typed builders the rest of the code links with,
// `matchRoute` the route of a path (the server's shell, `safeReturnTo`), and the checks of paths
// that come from outside the code. Shared with the server: no DOM.
import { isNonProduction, type AppEnv } from './roles.ts'
import { sectionAccess, type RouteAccess } from './route-access.ts'
import { ROUTE_IDS, routeOf, routeTable, type RouteId, type RouteTable } from './routes.ts'

/**
 * The route whose pattern `pathname` matches (`:param` = one non-empty segment), or null. A
 * pattern with fewer parameters wins, as in react-router. Linear: one split, segment compares.
 */
export function matchRoute(pathname: string): RouteId | null {
  const segments = pathname.split('/')
  let best: RouteId | null = null
  let bestParams = Infinity
  for (const id of ROUTE_IDS) {
    const pattern = routeTable[id].path.split('/')
    if (pattern.length !== segments.length) continue
    let params = 0
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? ''
      if (!part.startsWith(':')) return part === segment
      params++
      return segment !== ''
    })
    if (matches && params < bestParams) {
      best = id
      bestParams = params
    }
  }
  return best
}

/**
 * Whether page `id` exists in `appEnv`: developer pages (an access rule `nonProductionOnly`) do not
 * exist in production (spec §2), where their paths answer as unknown ones (issue #26): the server's
 * shell serves the 404 page with status 404, the router sends them to /404 without loading them.
 */
export function existsIn(id: RouteId, appEnv: AppEnv): boolean {
  const { access } = routeOf(id)
  const rule: RouteAccess | undefined = access ? sectionAccess[access] : undefined
  return !rule?.nonProductionOnly || isNonProduction(appEnv)
}

/** One value per `:param` of pattern `P`, in order. */
export type PathParams<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...PathParams<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string | number]
    : []

export type PathBuilder<P extends string> = (...params: PathParams<P>) => string

/** `pattern` with each `:param` replaced, in order, by a value encoded to stay one segment. */
export function buildPath<P extends string>(pattern: P, ...params: PathParams<P>): string {
  return fill(pattern, params)
}

function fill(pattern: string, values: readonly (string | number)[]): string {
  let next = 0
  return pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? encodeURIComponent(String(values[next++])) : part))
    .join('/')
}

export const routePatterns = Object.fromEntries(ROUTE_IDS.map((id) => [id, routeTable[id].path])) as {
  readonly [K in RouteId]: RouteTable[K]['path']
}

const builders = Object.fromEntries(
  ROUTE_IDS.map((id) => [id, (...params: (string | number)[]) => fill(routeTable[id].path, params)]),
) as { readonly [K in RouteId]: PathBuilder<RouteTable[K]['path']> }

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value)
  return search.size > 0 ? `${path}?${search}` : path
}

export const paths = {
  ...builders,
  /** `/login`, with the path to come back to after signing in. */
  login: (returnTo?: string) => withQuery(routeTable.login.path, { returnTo }),
  /** The reset link the server mails carries the token as `?token=`. */
  resetPassword: (token?: string) => withQuery(routeTable.resetPassword.path, { token }),
}

/**
 * `value` when it is a path of this app, else null: it must start with one '/', never '//' or
 * '/\\' (browsers treat both as another host), and must not resolve to another origin. The one
 * check for every path that comes from outside the code: `returnTo`, server redirects (spec §2, §7).
 */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.startsWith('/\\')) return null
  // Browsers drop tabs and newlines from URLs ('/\t/evil.example' means '//evil.example'):
  // resolving against a placeholder origin catches every such trick.
  const base = 'http://app-path.invalid'
  if (new URL(value, base).origin !== base) return null
  return value
}

/** Pages a signed-out visitor uses to sign in: returning there after signing in would loop. */
const SIGN_IN_PAGES: readonly RouteId[] = ['login', 'forgotPassword', 'resetPassword']

/**
 * The path to return to after signing in, or null when `value` is not a same-origin path
 * (`safeAppPath`) or is a public auth page.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  const path = safeAppPath(value)
  if (path === null) return null
  const route = matchRoute(path.split(/[?#]/)[0] ?? '')
  if (route !== null && SIGN_IN_PAGES.includes(route)) return null
  return path
}
