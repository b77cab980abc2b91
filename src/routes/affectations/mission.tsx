// /affectations/mission/{missionId} (spec §2, issue #12 "Assignments"): one mission's users, with
// the pickers to add users or a whole team, and for administrators the teams it is opened to
// (issue #26). Lazy like every route.
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { assignmentQueries } from '../../api/assignments.ts'
import { authQueries } from '../../api/auth.ts'
import { positive } from '../../features/assignments/grid-params.ts'
import {
  firstPageOf,
  MissionAssignmentsScreen,
} from '../../features/assignments/mission-assignments-screen.tsx'
import { mayOpen } from '../may-open.ts'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, me, { params }) => {
  const missionId = positive(params.missionId ?? null)
  return missionId === null
    ? []
    : [
        queryClient.ensureQueryData(firstPageOf(missionId)),
        // The teams the mission is opened to: team administration's, as /affectations/teams.
        ...(mayOpen('affectationsTeams', me)
          ? [queryClient.ensureQueryData(assignmentQueries.missionTeams(missionId))]
          : []),
      ]
})

export function Component() {
  const { missionId } = useParams()
  const me = useQuery(authQueries.me())
  return (
    <MissionAssignmentsScreen
      key={missionId}
      missionId={positive(missionId ?? null)}
      canOpenTeams={mayOpen('affectationsTeams', me.data)}
    />
  )
}
