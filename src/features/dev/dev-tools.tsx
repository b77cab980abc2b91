// Decides whether the developer tools panel exists (spec §2) and loads its code only then, so
// production and signed-out visitors never download it.
import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../../api/auth.ts'
import { configQueries } from '../../api/config.ts'
import { shouldShowDevTools } from './dev-tools-visibility.ts'

const DevToolsPanel = lazy(() => import('./dev-tools-panel.tsx').then((m) => ({ default: m.DevToolsPanel })))

export function DevTools() {
  const { data: config } = useQuery(configQueries.app())
  const { data: me } = useQuery(authQueries.me())
  if (!config || !me || !shouldShowDevTools(config.appEnv, me.role)) return null
  return (
    <Suspense fallback={null}>
      <DevToolsPanel me={me} appEnv={config.appEnv} />
    </Suspense>
  )
}
