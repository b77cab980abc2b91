// Root of the route tree, around public and private pages alike: what shows on every page
// (blocking-reason overlay, developer tools; spec §2) and the session's error-reporting user.
import { useEffect } from 'react'
import { Outlet, ScrollRestoration } from 'react-router-dom'
import { authQueries } from '../../api/auth.ts'
import { configQueries } from '../../api/config.ts'
import { DevTools } from '../../features/dev/dev-tools.tsx'
import { setSentryUser } from '../sentry.ts'
import { useQueryData } from '../use-query-data.ts'
import { BlockingOverlayGate } from './blocking-overlay-gate.tsx'

/** Error reports carry the signed-in user's id, and none after sign-out. */
function useSentryUser(userId: number | null): void {
  useEffect(() => setSentryUser(userId), [userId])
}

export function RootLayout() {
  // Read without a query observer (src/app/use-query-data.ts): this layout is on the first visit of
  // /login (issue #27).
  const me = useQueryData(authQueries.me)
  const config = useQueryData(configQueries.app)
  useSentryUser(me?.id ?? null)
  return (
    <>
      <Outlet />
      <BlockingOverlayGate />
      <DevTools me={me ?? null} appEnv={config?.appEnv} />
      <ScrollRestoration />
    </>
  )
}
