// Root of the route tree, around public and private pages alike: what shows on every page
// (blocking-reason overlay, developer tools; spec §2) and the session's error-reporting user.
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Outlet, ScrollRestoration } from 'react-router-dom'
import { authQueries } from '../../api/auth.ts'
import { DevTools } from '../../features/dev/dev-tools.tsx'
import { setSentryUser } from '../sentry.ts'
import { BlockingOverlayGate } from './blocking-overlay-gate.tsx'

/** Error reports carry the signed-in user's id, and none after sign-out. */
function useSentryUser(): void {
  const { data: me } = useQuery(authQueries.me())
  const userId = me?.id ?? null
  useEffect(() => setSentryUser(userId), [userId])
}

export function RootLayout() {
  useSentryUser()
  return (
    <>
      <Outlet />
      <BlockingOverlayGate />
      <DevTools />
      <ScrollRestoration />
    </>
  )
}
