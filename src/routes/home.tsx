// /home (spec §2, "Screens").
import type { QueryClient } from '@tanstack/react-query'
import { callQueries } from '../api/calls.ts'
import { leadQueries } from '../api/leads.ts'
import { HomeGreeting } from '../features/home/home-greeting.tsx'
import { HomeLeads } from '../features/home/home-leads.tsx'
import { startQueries } from './start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) => [
    queryClient.ensureQueryData(callQueries.ongoing()),
    // The lead the user holds, shown to call-capable users (features/home/held-lead.tsx).
    ...(me.isCallCapable && me.processingLeadId !== null
      ? [queryClient.ensureQueryData(leadQueries.detail(me.processingLeadId))]
      : []),
  ])

export function Component() {
  return (
    <>
      <HomeGreeting />
      <HomeLeads />
    </>
  )
}
