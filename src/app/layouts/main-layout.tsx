// Layout of every private page except the leaderboard (spec §2): header, navigation by role,
// and the page — or the access-denied view when the user's role may not open it. It holds the
// live channel for the signed-in user (issue #3) and shows its status in the header.
import { useCallback, useRef, useState, type MouseEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, Outlet } from 'react-router-dom'
import { authQueries } from '../../api/auth.ts'
import { configQueries } from '../../api/config.ts'
import { CallBar } from '../../features/calls/call-bar.tsx'
import { InboundCallAlert } from '../../features/calls/inbound-call-alert.tsx'
import { LiveStatus } from '../../features/live/live-status.tsx'
import { fr } from '../../i18n/fr.ts'
import { retryLiveConnection, useLiveConnection } from '../../live/use-live-connection.ts'
import { paths } from '../../contracts/app-paths.ts'
import { ForbiddenView } from './forbidden-view.tsx'
import { ImportIndicatorGate } from './import-indicator-gate.tsx'
import { MainNavigation, NavigationToggle } from './main-navigation.tsx'
import { UserArea } from './user-area.tsx'
import { useRouteAccess } from './use-route-access.ts'
import type { Me } from '../../contracts/user.ts'
import './main-layout.css'

function MainLayoutContent({ me }: { me: Me }) {
  const mainRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  // Issue #11: the navigation drawer on tablets (always-shown sidebar on desktop).
  const [navigationOpen, setNavigationOpen] = useState(false)
  const closeNavigation = useCallback((returnFocus: boolean) => {
    setNavigationOpen(false)
    if (returnFocus) toggleRef.current?.focus()
  }, [])
  const { data: config } = useQuery(configQueries.app())
  const allowed = useRouteAccess(me.role)
  useLiveConnection(me.id)

  // Moves focus without touching the URL hash (the router owns the URL).
  function handleSkipLink(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    mainRef.current?.focus()
  }

  return (
    <div className="main-layout">
      <a className="skip-link" href="#main-content" onClick={handleSkipLink}>
        {fr.layout.skipToContent}
      </a>
      <header className="main-layout__header">
        <NavigationToggle
          ref={toggleRef}
          expanded={navigationOpen}
          onToggle={() => setNavigationOpen((open) => !open)}
        />
        <Link to={paths.home()} className="main-layout__brand">
          {fr.app.name}
        </Link>
        <div className="main-layout__header-end">
          <ImportIndicatorGate role={me.role} />
          <LiveStatus onRetry={retryLiveConnection} />
          <UserArea me={me} />
        </div>
      </header>
      {/* Issue #4 "Screens": the call bar and the inbound alert, on every page, for call-capable users. */}
      {/* Issue #11: the bar's place is kept (sticky, fixed height), so the page never jumps. */}
      {me.isCallCapable ? (
        <>
          <div className="main-layout__call-slot">
            <CallBar />
          </div>
          <InboundCallAlert />
        </>
      ) : null}
      <div className="main-layout__body">
        <MainNavigation
          role={me.role}
          appEnv={config?.appEnv}
          open={navigationOpen}
          onClose={closeNavigation}
        />
        <main id="main-content" ref={mainRef} tabIndex={-1} className="main-layout__content">
          {allowed ? <Outlet /> : <ForbiddenView />}
        </main>
      </div>
    </div>
  )
}

export function MainLayout() {
  const { data: me } = useQuery(authQueries.me())
  // The loader guarantees a user on entry; this covers signing out while on the page.
  if (!me) return <Navigate to={paths.login()} replace />
  return <MainLayoutContent me={me} />
}
