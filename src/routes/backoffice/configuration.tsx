// /backoffice/configuration (spec §2, issue #12 "Configuration"): the settings the product reads from
// the database. Lazy like every route.
import type { QueryClient } from '@tanstack/react-query'
import { configurationQueries } from '../../api/configuration.ts'
import { ConfigurationScreen } from '../../features/backoffice/configuration/configuration-screen.tsx'
import { startQueries } from '../start-queries.ts'

export const clientLoader = (queryClient: QueryClient) => () =>
  startQueries(queryClient, (me) =>
    me.role === 'ADMIN' ? [queryClient.ensureQueryData(configurationQueries.entries())] : [],
  )

export function Component() {
  return <ConfigurationScreen />
}
