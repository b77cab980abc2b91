// Header corner: who is signed in, their experience points (kept current by the live channel,
// issue #3), `Alertes` (issue #5) and `Se déconnecter` (issue 2). Signing out first sends the
// changes made offline, and asks before losing those it cannot send (issue #17).
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { authMutations, replaceSession } from '../../api/auth.ts'
import { ApiError } from '../../api/client.ts'
import type { Me } from '../../contracts/user.ts'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'
import { paths } from '../../contracts/app-paths.ts'
import { UserAvatar } from './user-avatar.tsx'
import { AlertsMenu } from '../../features/alerts/alerts-menu.tsx'
import { forgetOutcomeDrafts } from '../../stores/outcome-draft.ts'
import { leavePushAlerts } from '../../pwa/push-subscription.ts'
import { sendBeforeSignOut } from '../../pwa/deferred-changes.ts'
import { dropStoredChanges } from '../../pwa/outbox-store.ts'
import { markSignOutPending } from '../../pwa/pending-sign-out.ts'
import { forgetSessionRecord } from '../../pwa/session-record.ts'
import { UnsentChangesDialog } from './unsent-changes-dialog.tsx'
import { personName } from '../../contracts/person-name.ts'

export type UserAreaProps = {
  me: Me
}

export function UserArea({ me }: UserAreaProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const logout = useMutation(authMutations.logout(queryClient))
  const [leaving, setLeaving] = useState(false)
  const [unsent, setUnsent] = useState(0)

  async function handleLogout() {
    setLeaving(true)
    // Issue #17: the outbox does not outlive the session; what can be sent goes first.
    const left = await sendBeforeSignOut(queryClient, me.id).catch(() => 0)
    setLeaving(false)
    if (left > 0) setUnsent(left)
    else await signOut()
  }

  /** Nothing of the user stays in this browser: changes stored offline, drafts, session record. */
  function leave() {
    void dropStoredChanges(null)
    forgetOutcomeDrafts()
    forgetSessionRecord()
    navigate(paths.login(), { replace: true })
  }

  async function signOut() {
    setUnsent(0)
    // Issue #5: a workstation is shared; this browser stops alerting the user who leaves it, and
    // the sign-out request has the server forget its subscription (docs/domain.md "Alerts (push)").
    setLeaving(true)
    const pushEndpoint = await leavePushAlerts()
    setLeaving(false)
    logout.mutate(pushEndpoint ? { pushEndpoint } : undefined, {
      onSuccess: leave,
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 0)) return
        // Offline: signed out here at once; the server is told when the connection returns.
        markSignOutPending()
        replaceSession(queryClient, null)
        leave()
      },
    })
  }

  return (
    <div className="user-area" role="group" aria-label={fr.layout.userArea}>
      <UserAvatar firstName={me.firstName} lastName={me.lastName} avatarUrl={me.avatar} />
      <span className="user-area__name">
        <span className="user-area__full-name">{personName(me)}</span>
        <span className="user-area__role">{fr.roles[me.role]}</span>
        <span className="user-area__experience" title={fr.live.experiencePointsLabel}>
          {fr.live.experiencePoints(me.experiencePoints)}
        </span>
      </span>
      <AlertsMenu me={me} />
      <Button variant="secondary" onClick={() => void handleLogout()} busy={leaving || logout.isPending}>
        {fr.auth.logout}
      </Button>
      <UnsentChangesDialog count={unsent} onConfirm={() => void signOut()} onCancel={() => setUnsent(0)} />
    </div>
  )
}
