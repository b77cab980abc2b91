// How the API client moves the user (spec §2 redirects, §7 401 → /login) without knowing the router:
// the app registers its navigation here at start (src/main.tsx); tests register theirs. Until then,
// the browser's own navigation.
export type NavigationPort = {
  /** Current route as path + search, the form redirect paths are compared with. */
  currentRoute: () => string
  navigateTo: (to: string, options?: { replace?: boolean }) => void
  reloadPage: () => void
}

const browserNavigation: NavigationPort = {
  currentRoute: () => window.location.pathname + window.location.search,
  navigateTo: (to) => window.location.assign(to),
  reloadPage: () => window.location.reload(),
}

let port: NavigationPort = browserNavigation

/** `null` goes back to the browser's own navigation. */
export function setNavigationPort(next: NavigationPort | null): void {
  port = next ?? browserNavigation
}

export function navigation(): NavigationPort {
  return port
}
