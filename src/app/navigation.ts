// Bridge between code outside React and the router: the router registers its navigate function
// here at start (src/main.tsx); session sync, alert clicks and — through the navigation port it is
// given (`appNavigation`, src/api/navigation-port.ts) — the API client navigate through it (spec §2, §7).
import type { NavigationPort } from '../api/navigation-port.ts'

type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigateFn: Navigate | null = null

export function setNavigator(fn: Navigate | null): void {
  navigateFn = fn
}

/** Current route as path + search, the form redirect paths are compared with. */
export function currentRoute(): string {
  return window.location.pathname + window.location.search
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, options)
  else window.location.assign(to)
}

export function reloadPage(): void {
  window.location.reload()
}

/** What the app gives the API client to navigate with (registered at start, src/main.tsx). */
export const appNavigation: NavigationPort = { currentRoute, navigateTo, reloadPage }
