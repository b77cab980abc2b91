// Header corner: who is signed in, their experience points (kept current by the live channel,
// issue #3), `Alertes` (issue #5) and `Se déconnecter` (issue 2).
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { authMutations } from '../../api/auth.ts'
import type { Me } from '../../contracts/user.ts'
import { Button } from '../../components/ui/button.tsx'
import { fr } from '../../i18n/fr.ts'
import { paths } from '../paths.ts'
import { UserAvatar } from './user-avatar.tsx'
import { AlertsMenu } from '../../features/alerts/alerts-menu.tsx'
import { leavePushAlerts } from '../../pwa/push-subscription.ts'

export type UserAreaProps = {
  me: Me
}

export function UserArea({ me }: UserAreaProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const logout = useMutation(authMutations.logout(queryClient))
  const [leaving, setLeaving] = useState(false)

  async function handleLogout() {
    // Issue #5: a workstation is shared; this browser stops alerting the user who leaves it, and
    // the sign-out request has the server forget its subscription (docs/domain.md "Alerts (push)").
    setLeaving(true)
    const pushEndpoint = await leavePushAlerts()
    setLeaving(false)
    logout.mutate(pushEndpoint ? { pushEndpoint } : undefined, {
      onSuccess: () => navigate(paths.login(), { replace: true }),
    })
  }

  return (
    <div className="user-area" role="group" aria-label={fr.layout.userArea}>
      <UserAvatar firstName={me.firstName} lastName={me.lastName} avatarUrl={me.avatar} />
      <span className="user-area__name">
        <span className="user-area__full-name">{`${me.firstName} ${me.lastName}`}</span>
        <span className="user-area__role">{fr.roles[me.role]}</span>
        <span className="user-area__experience" title={fr.live.experiencePointsLabel}>
          {fr.live.experiencePoints(me.experiencePoints)}
        </span>
      </span>
      <AlertsMenu me={me} />
      <Button variant="secondary" onClick={() => void handleLogout()} busy={leaving || logout.isPending}>
        {fr.auth.logout}
      </Button>
    </div>
  )
}
