// Bridge between code outside React and the router: the router registers its navigate function
// here at start (src/main.tsx); session sync, alert clicks and — through the navigation port it is
// given (`appNavigation`, src/api/navigation-port.ts) — the API client navigate through it (spec §2, §7).
import type { NavigationPort } from '../api/navigation-port.ts'

type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigateFn: Navigate | null = null
let reloadFn: (() => void) | null = null

export function setNavigator(fn: Navigate | null): void {
  navigateFn = fn
}

/** What the app connects (connectRouter): its data router, and the query cache its pages read. */
export type ConnectedRouter = {
  navigate: (to: string, options?: { replace?: boolean }) => unknown
  revalidate: () => unknown
  state: { location: { pathname: string; search: string } }
}

let routerFn: ConnectedRouter | null = null

/**
 * Connects the app's router (src/main.tsx; the tests' memory routers too): navigation goes through
 * it, the current route is its location, and a reload is done in place (docs/decisions.md): the
 * route's loaders run again and every query on screen is fetched again, so the agent staying on a
 * lead sheet sees no blank flash (issue #11). `null` disconnects.
 */
export function connectRouter(
  router: ConnectedRouter | null,
  queryClient?: { invalidateQueries: () => Promise<unknown> },
): void {
  routerFn = router
  setNavigator(router ? (to, options) => void router.navigate(to, options) : null)
  reloadFn =
    router && queryClient
      ? () => {
          void queryClient.invalidateQueries()
          void router.revalidate()
        }
      : null
}

/** Current route as path + search, the form redirect paths are compared with. */
export function currentRoute(): string {
  const location = routerFn?.state.location ?? window.location
  return location.pathname + location.search
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, options)
  else window.location.assign(to)
}

/** The page's reload (spec §2): in place once a router is connected, the browser's otherwise. */
export function reloadPage(): void {
  if (reloadFn) reloadFn()
  else window.location.reload()
}

/** What the app gives the API client to navigate with (registered at start, src/main.tsx). */
export const appNavigation: NavigationPort = { currentRoute, navigateTo, reloadPage }
