// 'Hors ligne' while the server cannot be reached (issue #5): what still works, and how many changes
// wait to be sent.
import { useSnapshot } from 'valtio'
import { offline } from '../i18n/fr/pwa.ts'
import { outboxStore } from '../stores/outbox.ts'
import { useOnline } from './use-online.ts'

export function OfflineBanner() {
  const online = useOnline()
  const { pending } = useSnapshot(outboxStore)
  if (online) return null
  return (
    <div className="pwa-offline" role="status">
      <strong className="pwa-offline__title">{offline.banner}</strong>
      <span className="pwa-offline__detail">{offline.bannerDetail}</span>
      {pending > 0 ? <span className="pwa-offline__pending">{offline.pending(pending)}</span> : null}
    </div>
  )
}
