// The app-wide PWA notices (issue #5), mounted once beside the notifications: the offline banner
// and the update prompt. The banner's code and strings are their own chunk, loaded when the server
// cannot be reached (issue #27: out of the first visit of /login); the offline layer warms it once
// idle (src/pwa/offline-boot.ts), so it shows without the network it reports missing.
import { lazy, Suspense } from 'react'
import { UpdateNotice } from './update-notice.tsx'
import { useSnapshot } from 'valtio'
import { connectivityStore, isOnline } from '../stores/connectivity.ts'
import './pwa-status.css'

export const loadOfflineBanner = () => import('./offline-banner.tsx')

const OfflineBanner = lazy(() => loadOfflineBanner().then((m) => ({ default: m.OfflineBanner })))

export function PwaStatus() {
  // Not use-online.ts: its strings would come along (issue #27).
  const online = isOnline(useSnapshot(connectivityStore))
  return (
    <div className="pwa-status">
      {online ? null : (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      <UpdateNotice />
    </div>
  )
}
