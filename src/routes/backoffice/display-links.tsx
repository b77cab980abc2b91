// /backoffice/display-links (issue #14 "display link"): administrators create, list and revoke the
// display links of the wall screens. Lazy like every route: nothing of it enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { displayLinkQueries } from '../../api/display-links.ts'
import { DisplayLinksScreen } from '../../features/backoffice/display-links/display-links-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) =>
    me.role === 'ADMIN' ? [queryClient.ensureQueryData(displayLinkQueries.list())] : [],
  )

export function Component() {
  return <DisplayLinksScreen />
}
