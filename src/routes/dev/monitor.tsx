// /dev/monitor (spec §2, issue #15 "Developer pages"): the live view of the running server process.
import { monitorQueries } from '../../api/monitor.ts'
import { MonitorScreen } from '../../features/monitor/monitor-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(monitorQueries.current()),
])

export function Component() {
  return <MonitorScreen />
}
