// /affectations/teams (spec §2, issue #12 "Assignments"): users × teams, for administrators (team
// membership is theirs alone; a manager opening it gets the server's refusal). Lazy like every route.
import { assignmentQueries } from '../../api/assignments.ts'
import { gridQueryOf, readGridView } from '../../features/assignments/grid-params.ts'
import { TeamsGridScreen } from '../../features/assignments/teams-grid-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readGridView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(assignmentQueries.teamGrid(gridQueryOf(view)))]
})

export function Component() {
  return <TeamsGridScreen />
}
