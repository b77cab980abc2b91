// Client-owned state of the developer tools panel (conventions §3.3): expanded or collapsed. It
// survives the session switches the panel performs, which re-render it with a new user.
import { proxy } from 'valtio'

export const devToolsStore = proxy({ expanded: false })

export function toggleDevTools(): void {
  devToolsStore.expanded = !devToolsStore.expanded
}

export function collapseDevTools(): void {
  devToolsStore.expanded = false
}
