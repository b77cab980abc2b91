// /backoffice/missions (spec §2, issue #12 "Missions"): administrators create, edit, archive missions,
// their banner, calling rules and markets. Lazy like every route: nothing of it enters /login or /home.
import { configurationQueries } from '../../api/configuration.ts'
import { missionQueries } from '../../api/missions.ts'
import { listQueryOf, readMissionView } from '../../features/backoffice/missions/mission-list-params.ts'
import { MissionsScreen } from '../../features/backoffice/missions/missions-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readMissionView(new URL(request.url).searchParams)
  return [
    queryClient.ensureQueryData(missionQueries.list(listQueryOf(view))),
    queryClient.ensureQueryData(configurationQueries.entries()),
    ...(typeof view.missionId === 'number'
      ? [queryClient.ensureQueryData(missionQueries.detail(view.missionId))]
      : []),
  ]
})

export function Component() {
  return <MissionsScreen />
}
