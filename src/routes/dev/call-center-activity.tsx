// /dev/call-center-activity (spec §2, issue #15 "Developer pages"): the simulated floor.
import { devFloorQueries } from '../../api/dev-floor.ts'
import { FloorScreen } from '../../features/dev-floor/floor-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(devFloorQueries.floor()),
])

export function Component() {
  return <FloorScreen />
}
