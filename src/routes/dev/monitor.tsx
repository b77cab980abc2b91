// /dev/monitor (spec §2, issue #15 "Developer pages"): the live view of the running server process.
import type { QueryClient } from '@tanstack/react-query'
import { monitorQueries } from '../../api/monitor.ts'
import { MonitorScreen } from '../../features/monitor/monitor-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, () => [queryClient.ensureQueryData(monitorQueries.current())])

export function Component() {
  return <MonitorScreen />
}
