// /integration/history (spec §2, issue #13 "History"): every lead import, its counts and state;
// cancel, undo, download the original file or the rejected rows. Lazy like every route.
import { importQueries } from '../../api/imports.ts'
import { listQueryOf, readHistoryView } from '../../features/integration/history-params.ts'
import { HistoryScreen } from '../../features/integration/history-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readHistoryView(new URL(request.url).searchParams)
  return [queryClient.ensureQueryData(importQueries.list(listQueryOf(view)))]
})

export function Component() {
  return <HistoryScreen />
}
