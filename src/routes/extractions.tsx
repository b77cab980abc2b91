// /extractions (spec §2, issue #13): administrators, and managers for their teams' missions.
import { ExtractionsScreen } from '../features/extractions/extractions-screen.tsx'

export function Component() {
  return <ExtractionsScreen />
}
