// /home (spec §2, "Screens").
import { HomeGreeting } from '../features/home/home-greeting.tsx'
import { HomeLeads } from '../features/home/home-leads.tsx'

export function HomeRoute() {
  return (
    <>
      <HomeGreeting />
      <HomeLeads />
    </>
  )
}
