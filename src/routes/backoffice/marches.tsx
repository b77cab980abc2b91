// /backoffice/marches (spec §2, issue #12 "Markets"): a mission's markets (the mission in the URL)
// and their postal-code prefixes. Lazy like every route.
import { marketQueries } from '../../api/markets.ts'
import { missionQueries } from '../../api/missions.ts'
import {
  MarketsScreen,
  marketQueryOf,
  MISSION_CHOICES,
} from '../../features/backoffice/markets/markets-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const params = new URL(request.url).searchParams
  return [
    queryClient.ensureQueryData(marketQueries.list(marketQueryOf(params))),
    queryClient.ensureQueryData(missionQueries.list(MISSION_CHOICES)),
  ]
})

export function Component() {
  return <MarketsScreen />
}
