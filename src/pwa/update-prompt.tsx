// 'Nouvelle version disponible' with 'Recharger' (issue #5). The reload never interrupts a call: asked
// during one, it says it will happen at the end of the call, and happens then.
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { authQueries } from '../api/auth.ts'
import { callQueries, ongoingCallOf } from '../api/calls.ts'
import { Button } from '../components/ui/button.tsx'
import { fr } from '../i18n/fr.ts'
import { applyUpdate, requestReload } from './update-store.ts'

/** The user's current call, as the call bar knows it (no request of its own). */
function useCallOngoing(): boolean {
  const { data: call } = useQuery({ ...callQueries.ongoing(), enabled: false })
  const { data: me } = useQuery({ ...authQueries.me(), enabled: false })
  const meCall = me?.call
  return ongoingCallOf(call) !== null || (meCall != null && meCall.status !== 'done')
}

export type UpdatePromptProps = { reloadRequested: boolean }

export function UpdatePrompt({ reloadRequested }: UpdatePromptProps) {
  const callOngoing = useCallOngoing()
  useEffect(() => {
    if (reloadRequested && !callOngoing) applyUpdate()
  }, [reloadRequested, callOngoing])

  return (
    <div className="pwa-update" role="status">
      <span className="pwa-update__text">{fr.update.available}</span>
      {reloadRequested && callOngoing ? (
        <span className="pwa-update__wait">{fr.update.afterCall}</span>
      ) : (
        <Button variant="secondary" onClick={requestReload} busy={reloadRequested}>
          {fr.update.reload}
        </Button>
      )}
    </div>
  )
}
