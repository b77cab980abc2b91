// /home (spec §2).
import { HomeGreeting } from '../features/home/home-greeting.tsx'

export function HomeRoute() {
  return <HomeGreeting />
}
