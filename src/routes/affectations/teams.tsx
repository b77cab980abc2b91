// /affectations/teams (spec §2, issue #12 "Assignments"): users × teams, for administrators (team
// membership is theirs alone; a manager opening it gets the server's refusal). Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { assignmentQueries } from '../../api/assignments.ts'
import { gridQueryOf, readGridView } from '../../features/assignments/grid-params.ts'
import { TeamsGridScreen } from '../../features/assignments/teams-grid-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readGridView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' ? [queryClient.ensureQueryData(assignmentQueries.teamGrid(gridQueryOf(view)))] : [],
    )
  }

export function Component() {
  return <TeamsGridScreen />
}
