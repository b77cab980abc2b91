// /backoffice/crons (spec §2, issue #15 "Scheduled jobs"): administrators see and control the jobs the
// server runs by itself. Lazy like every route: nothing of it enters /login or /home.
import { cronQueries } from '../../api/crons.ts'
import { CronsScreen } from '../../features/crons/crons-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [queryClient.ensureQueryData(cronQueries.list())])

export function Component() {
  return <CronsScreen />
}
