// /activity/leads-follow-up (spec §2, issue #14 "Lead follow-up"): one mission's pipeline per market
// and the leads behind each count. Lazy like every route: nothing of it enters /login or /home.
import { followUpQueries } from '../../api/follow-up.ts'
import { readFollowUpView } from '../../features/follow-up/follow-up-params.ts'
import { FollowUpScreen } from '../../features/follow-up/follow-up-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readFollowUpView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(followUpQueries.pipeline(view.missionId ?? undefined))]
})

export function Component() {
  return <FollowUpScreen />
}
