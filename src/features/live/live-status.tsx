// The live channel's status in the header (spec §4): a dot and a word, discreet while all is well;
// after the 5 failed attempts, `Connexion perdue` and `Réessayer`. A polite live region, so a
// screen reader hears the connection drop and come back.
import { useSnapshot } from 'valtio'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'
import { liveStore } from '../../live/live-store.ts'
import './live-status.css'

export type LiveStatusProps = {
  onRetry: () => void
}

export function LiveStatus({ onRetry }: LiveStatusProps) {
  const { status } = useSnapshot(liveStore)
  const failed = status === 'failed'
  return (
    <div className={`live-status live-status--${status}`} title={failed ? fr.live.failedDetail : undefined}>
      {/* Always rendered: a live region must exist before its text changes to be announced. */}
      <span role="status" className="live-status__text">
        {status === 'idle' ? null : (
          <>
            <span className="live-status__dot" aria-hidden="true" />
            {fr.live.status[status]}
          </>
        )}
      </span>
      {failed ? (
        <Button variant="secondary" onClick={onRetry}>
          {fr.live.retry}
        </Button>
      ) : null}
    </div>
  )
}
