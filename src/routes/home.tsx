// /home (spec §2, "Screens").
import { gamificationQueries } from '../api/gamification.ts'
import { leadQueries } from '../api/leads.ts'
import { HomeGreeting } from '../features/home/home-greeting.tsx'
import { HomeLeads } from '../features/home/home-leads.tsx'
import { HomeMyDay } from '../features/home/home-my-day.tsx'
import { screenLoader } from './screen-loader.ts'

// Not the ongoing call: never kept offline (a restored call would be false), it is fetched by the
// screens that show it once they are on screen, so that a reload paints from the restored cache
// before any answer of the network (issue #27: the warm reload).
export const clientLoader = screenLoader((queryClient, me) => [
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
