// /dev/call-center-activity (spec §2, issue #15 "Developer pages"): the simulated floor.
import type { QueryClient } from '@tanstack/react-query'
import { devFloorQueries } from '../../api/dev-floor.ts'
import { FloorScreen } from '../../features/dev-floor/floor-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, () => [queryClient.ensureQueryData(devFloorQueries.floor())])

export function Component() {
  return <FloorScreen />
}
