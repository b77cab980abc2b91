// /affectations/missions (spec §2, issue #12 "Assignments"): users × missions, for administrators
// and managers (the server decides what a manager may change). Lazy like every route.
import { useQuery } from '@tanstack/react-query'
import { assignmentQueries } from '../../api/assignments.ts'
import { authQueries } from '../../api/auth.ts'
import { gridQueryOf, readGridView } from '../../features/assignments/grid-params.ts'
import { MissionsGridScreen } from '../../features/assignments/missions-grid-screen.tsx'
import { mayOpen } from '../may-open.ts'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readGridView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(assignmentQueries.missionGrid(gridQueryOf(view)))]
})

export function Component() {
  const me = useQuery(authQueries.me())
  return <MissionsGridScreen canEditTeams={mayOpen('affectationsTeams', me.data)} />
}
