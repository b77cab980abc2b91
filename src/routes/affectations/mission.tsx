// /affectations/mission/{missionId} (spec §2, issue #12 "Assignments"): one mission's users, with
// the pickers to add users or a whole team, and for administrators the teams it is opened to
// (issue #26). Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { assignmentQueries } from '../../api/assignments.ts'
import { authQueries } from '../../api/auth.ts'
import { positive } from '../../features/assignments/grid-params.ts'
import {
  firstPageOf,
  MissionAssignmentsScreen,
} from '../../features/assignments/mission-assignments-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ params }: { params: { missionId?: string } }) => {
    const missionId = positive(params.missionId ?? null)
    return startQueries(queryClient, (me) =>
      me.role === 'TELEOPERATOR' || missionId === null
        ? []
        : [
            queryClient.ensureQueryData(firstPageOf(missionId)),
            ...(me.role === 'ADMIN'
              ? [queryClient.ensureQueryData(assignmentQueries.missionTeams(missionId))]
              : []),
          ],
    )
  }

export function Component() {
  const { missionId } = useParams()
  const me = useQuery(authQueries.me())
  return (
    <MissionAssignmentsScreen
      key={missionId}
      missionId={positive(missionId ?? null)}
      canOpenTeams={me.data?.role === 'ADMIN'}
    />
  )
}
