// /integration/history (spec §2, issue #13 "History"): every lead import, its counts and state;
// cancel, undo, download the original file or the rejected rows. Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { importQueries } from '../../api/imports.ts'
import { listQueryOf, readHistoryView } from '../../features/integration/history-params.ts'
import { HistoryScreen } from '../../features/integration/history-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const view = readHistoryView(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' ? [queryClient.ensureQueryData(importQueries.list(listQueryOf(view)))] : [],
    )
  }

export function Component() {
  return <HistoryScreen />
}
