// The app-wide PWA notices (issue #5), mounted once beside the notifications: the offline banner
// and the update prompt.
import { OfflineBanner } from './offline-banner.tsx'
import { UpdateNotice } from './update-notice.tsx'
import './pwa-status.css'

export function PwaStatus() {
  return (
    <div className="pwa-status">
      <OfflineBanner />
      <UpdateNotice />
    </div>
  )
}
