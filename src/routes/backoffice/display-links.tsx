// /backoffice/display-links (issue #14 "display link"): administrators create, list and revoke the
// display links of the wall screens. Lazy like every route: nothing of it enters /login or /home.
import { displayLinkQueries } from '../../api/display-links.ts'
import { DisplayLinksScreen } from '../../features/backoffice/display-links/display-links-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(displayLinkQueries.list()),
])

export function Component() {
  return <DisplayLinksScreen />
}
