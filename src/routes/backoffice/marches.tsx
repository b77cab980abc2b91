// /backoffice/marches (spec §2, issue #12 "Markets"): a mission's markets (the mission in the URL)
// and their postal-code prefixes. Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { marketQueries } from '../../api/markets.ts'
import { missionQueries } from '../../api/missions.ts'
import {
  MarketsScreen,
  marketQueryOf,
  MISSION_CHOICES,
} from '../../features/backoffice/markets/markets-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const params = new URL(request.url).searchParams
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN'
        ? [
            queryClient.ensureQueryData(marketQueries.list(marketQueryOf(params))),
            queryClient.ensureQueryData(missionQueries.list(MISSION_CHOICES)),
          ]
        : [],
    )
  }

export function Component() {
  return <MarketsScreen />
}
