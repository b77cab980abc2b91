// /home (spec §2, "Screens").
import { callQueries } from '../api/calls.ts'
import { gamificationQueries } from '../api/gamification.ts'
import { leadQueries } from '../api/leads.ts'
import { HomeGreeting } from '../features/home/home-greeting.tsx'
import { HomeLeads } from '../features/home/home-leads.tsx'
import { HomeMyDay } from '../features/home/home-my-day.tsx'
import { screenLoader } from './screen-loader.ts'

export const clientLoader = screenLoader((queryClient, me) => [
  queryClient.ensureQueryData(callQueries.ongoing()),
  // The lead the user holds, shown to call-capable users (features/home/held-lead.tsx).
  ...(me.isCallCapable && me.processingLeadId !== null
    ? [queryClient.ensureQueryData(leadQueries.detail(me.processingLeadId))]
    : []),
  // Issue #14: "Ma journée", call-capable users only (features/home/my-day.tsx).
  ...(me.isCallCapable ? [queryClient.ensureQueryData(gamificationQueries.myDay())] : []),
])

export function Component() {
  return (
    <>
      <HomeGreeting />
      <HomeLeads />
      <HomeMyDay />
    </>
  )
}
