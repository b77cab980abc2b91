// /integration/integrate (spec §2, issue #13): administrators bring their own lead files in. Lazy
// like every route: nothing of it (nor papaparse, nor read-excel-file) enters /login or /home.
import { importQueries } from '../../api/imports.ts'
import { importIdOf } from '../../features/integration/integrate-params.ts'
import { IntegrateScreen } from '../../features/integration/integrate-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const importId = importIdOf(new URL(request.url).searchParams)
  return importId === null ? [] : [queryClient.ensureQueryData(importQueries.detail(importId))]
})

export function Component() {
  return <IntegrateScreen />
}
