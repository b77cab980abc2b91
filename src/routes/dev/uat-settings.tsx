// /dev/uat-settings (spec §2, issue #15 "Developer pages"): environment facts, simulator settings and
// the reset of calls and leads.
import type { QueryClient } from '@tanstack/react-query'
import { devFloorQueries } from '../../api/dev-floor.ts'
import { UatScreen } from '../../features/dev-floor/uat-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, () => [queryClient.ensureQueryData(devFloorQueries.uat())])

export function Component() {
  return <UatScreen />
}
