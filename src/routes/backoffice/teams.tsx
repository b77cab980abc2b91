// /backoffice/teams (spec §2, issue #12 "Teams"): administrators create, rename and archive teams,
// choose their members and managers. Lazy like every route: nothing of it enters /login or /home.
import { teamQueries } from '../../api/teams.ts'
import { listQueryOf, readTeamView } from '../../features/backoffice/teams/team-list-params.ts'
import { TeamsScreen } from '../../features/backoffice/teams/teams-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readTeamView(new URL(request.url).searchParams)
  return [
    queryClient.ensureQueryData(teamQueries.list(listQueryOf(view))),
    ...(view.teamId === null ? [] : [queryClient.ensureQueryData(teamQueries.detail(view.teamId))]),
  ]
})

export function Component() {
  return <TeamsScreen />
}
