// /integration/integrate (spec §2, issue #13): administrators bring their own lead files in. Lazy
// like every route: nothing of it (nor papaparse, nor read-excel-file) enters /login or /home.
import type { QueryClient } from '@tanstack/react-query'
import { importQueries } from '../../api/imports.ts'
import { importIdOf } from '../../features/integration/integrate-params.ts'
import { IntegrateScreen } from '../../features/integration/integrate-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: { request: Request }) => {
    const importId = importIdOf(new URL(request.url).searchParams)
    return startQueries(queryClient, (me) =>
      me.role === 'ADMIN' && importId !== null
        ? [queryClient.ensureQueryData(importQueries.detail(importId))]
        : [],
    )
  }

export function Component() {
  return <IntegrateScreen />
}
