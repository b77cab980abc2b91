// Decides whether the developer tools panel exists (spec §2) and loads its code only then, so
// production and signed-out visitors never download it. The root layout reads the user and the
// environment (src/app/layouts/root-layout.tsx).
import { lazy, Suspense } from 'react'
import type { AppEnv } from '../../contracts/roles.ts'
import type { Me } from '../../contracts/user.ts'
import { shouldShowDevTools } from './dev-tools-visibility.ts'

const DevToolsPanel = lazy(() => import('./dev-tools-panel.tsx').then((m) => ({ default: m.DevToolsPanel })))

export type DevToolsProps = { me: Me | null; appEnv: AppEnv | undefined }

export function DevTools({ me, appEnv }: DevToolsProps) {
  if (!appEnv || !me || !shouldShowDevTools(appEnv, me.role)) return null
  return (
    <Suspense fallback={null}>
      <DevToolsPanel me={me} appEnv={appEnv} />
    </Suspense>
  )
}
