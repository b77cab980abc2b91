// /dev/uat-settings (spec §2, issue #15 "Developer pages"): environment facts, simulator settings and
// the reset of calls and leads.
import { devFloorQueries } from '../../api/dev-floor.ts'
import { UatScreen } from '../../features/dev-floor/uat-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(devFloorQueries.uat()),
])

export function Component() {
  return <UatScreen />
}
