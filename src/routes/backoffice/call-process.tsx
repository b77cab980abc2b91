// /backoffice/call-process (spec §2, issue #12 "Call processes"): administrators list, create,
// duplicate, archive and restore call processes. Lazy like every route: nothing of it enters /login
// or /home.
import { callProcessQueries } from '../../api/call-processes.ts'
import {
  listQueryOf,
  readCallProcessView,
} from '../../features/backoffice/call-process/call-process-list-params.ts'
import { CallProcessesScreen } from '../../features/backoffice/call-process/call-processes-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readCallProcessView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(callProcessQueries.list(listQueryOf(view)))]
})

export function Component() {
  return <CallProcessesScreen />
}
