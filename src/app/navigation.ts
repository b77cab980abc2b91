// Bridge between code outside React (the API client) and the router: the router registers its
// navigate function here at start; the API client calls navigateTo / reloadPage (spec §2, §7).
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
