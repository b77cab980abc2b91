// /backoffice/configuration (spec §2, issue #12 "Configuration"): the settings the product reads from
// the database. Lazy like every route.
import { configurationQueries } from '../../api/configuration.ts'
import { ConfigurationScreen } from '../../features/backoffice/configuration/configuration-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient) => [
  queryClient.ensureQueryData(configurationQueries.entries()),
])

export function Component() {
  return <ConfigurationScreen />
}
