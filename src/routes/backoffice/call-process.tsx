// /backoffice/call-process (spec §2, issue #12 "Call processes"): administrators list, create,
// duplicate, archive and restore call processes. Lazy like every route: nothing of it enters /login
// or /home.
import type { QueryClient } from '@tanstack/react-query'
import { callProcessQueries } from '../../api/call-processes.ts'
import {
  listQueryOf,
  readCallProcessView,
} from '../../features/backoffice/call-process/call-process-list-params.ts'
import { CallProcessesScreen } from '../../features/backoffice/call-process/call-processes-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readCallProcessView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' ? [queryClient.ensureQueryData(callProcessQueries.list(listQueryOf(view)))] : [],
    )
  }

export function Component() {
  return <CallProcessesScreen />
}
