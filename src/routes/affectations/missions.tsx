// /affectations/missions (spec §2, issue #12 "Assignments"): users × missions, for administrators
// and managers (the server decides what a manager may change). Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { assignmentQueries } from '../../api/assignments.ts'
import { authQueries } from '../../api/auth.ts'
import { gridQueryOf, readGridView } from '../../features/assignments/grid-params.ts'
import { MissionsGridScreen } from '../../features/assignments/missions-grid-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readGridView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'TELEOPERATOR'
        ? []
        : [queryClient.ensureQueryData(assignmentQueries.missionGrid(gridQueryOf(view)))],
    )
  }

export function Component() {
  const me = useQuery(authQueries.me())
  return <MissionsGridScreen canEditTeams={me.data?.role === 'ADMIN'} />
}
