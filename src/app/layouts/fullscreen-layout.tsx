// Wall-screen layout (spec §2: the leaderboard): signed in, no navigation chrome.
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, Outlet } from 'react-router-dom'
import { authQueries } from '../../api/auth.ts'
import type { Role } from '../../contracts/roles.ts'
import { fr } from '../../i18n/fr.ts'
import { paths } from '../../contracts/app-paths.ts'
import { ForbiddenView } from './forbidden-view.tsx'
import { useRouteAccess } from './use-route-access.ts'
import './fullscreen-layout.css'

function FullscreenContent({ role }: { role: Role }) {
  const allowed = useRouteAccess(role)
  return (
    <main id="main-content" className="fullscreen-layout">
      <Link to={paths.home()} className="fullscreen-layout__exit">
        {fr.layout.exitFullscreen}
      </Link>
      {allowed ? <Outlet /> : <ForbiddenView />}
    </main>
  )
}

export function FullscreenLayout() {
  const { data: me } = useQuery(authQueries.me())
  if (!me) return <Navigate to={paths.login()} replace />
  return <FullscreenContent role={me.role} />
}
