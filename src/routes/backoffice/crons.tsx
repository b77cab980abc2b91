// /backoffice/crons (spec §2, issue #15 "Scheduled jobs"): administrators see and control the jobs the
// server runs by itself. Lazy like every route: nothing of it enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { cronQueries } from '../../api/crons.ts'
import { CronsScreen } from '../../features/crons/crons-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) =>
    me.role === 'ADMIN' ? [queryClient.ensureQueryData(cronQueries.list())] : [],
  )

export function Component() {
  return <CronsScreen />
}
