// /rappels (issue #29 point 5): the agent's own recalls.
import { leadQueries } from '../api/leads.ts'
import { MyRecallsScreen } from '../features/recalls/my-recalls-screen.tsx'
import { screenLoader } from './screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(leadQueries.myRecalls()),
])

export function Component() {
  return <MyRecallsScreen />
}
