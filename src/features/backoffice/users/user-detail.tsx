// One user's panel (issue #12 "Users"): avatar, teams, missions, presence; for administrators the
// edit form, activation or deactivation (confirmed), the Aircall link and the history of changes;
// managers read it only. A user someone else changed meanwhile comes back as they now are
// (src/api/user-admin.ts), with the server's French explanation above the form.
import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { adminUserMutations, adminUserQueries } from '../../../api/user-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { AdminUser } from '../../../contracts/user-admin.ts'
import { roles, userStatuses } from '../../../i18n/fr/roles.ts'
import { userDetail as t, userForm, welcomeLink } from '../../../i18n/fr/backoffice-users.ts'
import { notify } from '../../../stores/notifications.ts'
import { AuditHistory } from '../audit-history.tsx'
import { AircallLink } from './aircall-link.tsx'
import { UserAvatar } from './user-avatar.tsx'
import { UserEditor } from './user-editor.tsx'
import { fullName } from './users-table.tsx'
import { WelcomeLinkDialog, type HandedOverLink } from './welcome-link-dialog.tsx'

export type UserDetailProps = { userId: number; readOnly: boolean; onClose: () => void }

export function UserDetail({ userId, readOnly, onClose }: UserDetailProps) {
  const user = useQuery(adminUserQueries.detail(userId))
  if (user.data) return <UserPanel user={user.data} readOnly={readOnly} onClose={onClose} />
  if (!user.isError) return <p role="status">{t.loading}</p>
  return (
    <section className="user-detail" aria-label={t.loadFailed}>
      <p role="alert">{apiErrorMessage(user.error, t.loadFailed)}</p>
      <Button variant="secondary" onClick={onClose}>
        {t.close}
      </Button>
    </section>
  )
}

function Facts({ user }: { user: AdminUser }) {
  const names = (items: { name: string }[]) => items.map((item) => item.name).join(', ') || t.none
  return (
    <dl className="user-detail__facts" aria-label={t.facts}>
      <div>
        <dt>{t.email}</dt>
        <dd>{user.email}</dd>
      </div>
      <div>
        <dt>{t.role}</dt>
        <dd>{roles[user.role]}</dd>
      </div>
      <div>
        <dt>{t.status}</dt>
        <dd>{userStatuses[user.status]}</dd>
      </div>
      <div>
        <dt>{t.teams}</dt>
        <dd>{names(user.teams)}</dd>
      </div>
      <div>
        <dt>{t.missions}</dt>
        <dd>{names(user.missions)}</dd>
      </div>
      <div>
        <dt>{t.presence}</dt>
        <dd>{user.workingNow ? t.working : t.notWorking}</dd>
      </div>
      <div>
        <dt>{t.aircall}</dt>
        <dd>{user.aircallId === null ? t.aircallNone : t.aircallLinked(user.aircallId)}</dd>
      </div>
    </dl>
  )
}

function UserPanel({ user, readOnly, onClose }: { user: AdminUser; readOnly: boolean; onClose: () => void }) {
  const queryClient = useQueryClient()
  const update = useMutation(adminUserMutations.update(queryClient))
  const setStatus = useMutation(adminUserMutations.setStatus(queryClient))
  const newLink = useMutation(adminUserMutations.welcomeLink(queryClient))
  const [handOver, setHandOver] = useState<HandedOverLink | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const active = user.status === 'ACTIVE'
  // Opened (from the list, or just created): keyboard and screen-reader users land on the panel.
  useEffect(() => headingRef.current?.focus(), [])
  const name = fullName(user)

  function handleConfirm() {
    setStatus.mutateAsync({ id: user.id, version: user.version, active: !active }).then(
      () => {
        setConfirming(false)
        notify({ kind: 'success', message: active ? t.deactivated : t.activated })
      },
      () => setConfirming(false),
    )
  }

  function handleNewLink() {
    newLink.mutate(user.id, {
      onSuccess: (link) => setHandOver({ name, ...link, renewed: true }),
    })
  }

  async function save(values: Parameters<typeof update.mutateAsync>[0]) {
    await update.mutateAsync(values)
    notify({ kind: 'success', message: userForm.saved })
  }

  return (
    <section className="user-detail" aria-labelledby="user-detail-title">
      <header className="user-detail__header">
        <UserAvatar user={user} size={56} />
        <h2 id="user-detail-title" tabIndex={-1} ref={headingRef}>
          {name}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </header>
      <Facts user={user} />
      {readOnly ? (
        <p className="user-detail__read-only">{t.readOnly}</p>
      ) : (
        <>
          <section aria-labelledby="user-edit-title">
            <h3 id="user-edit-title">{userForm.editTitle}</h3>
            <UserEditor
              current={user}
              onSave={(values) => save({ ...values, id: user.id, version: user.version })}
            />
          </section>
          <div>
            <Button variant={active ? 'danger' : 'primary'} onClick={() => setConfirming(true)}>
              {active ? t.deactivate : t.activate}
            </Button>
          </div>
          {active && user.passwordChosen ? (
            <p className="user-detail__welcome-link">{welcomeLink.passwordChosen(name)}</p>
          ) : active ? (
            <div className="user-detail__welcome-link">
              <p>{welcomeLink.newLinkHint}</p>
              <Button variant="secondary" onClick={handleNewLink} disabled={newLink.isPending}>
                {welcomeLink.newLink}
              </Button>
              {newLink.isError ? (
                <p role="alert">{apiErrorMessage(newLink.error, welcomeLink.newLinkFailed)}</p>
              ) : null}
              <WelcomeLinkDialog link={handOver} onClose={() => setHandOver(null)} />
            </div>
          ) : null}
          <AircallLink user={user} />
          <AuditHistory entity="user" entityId={user.id} />
          <ConfirmDialog
            open={confirming}
            title={active ? t.deactivateTitle : t.activateTitle}
            message={active ? t.deactivateText(name) : t.activateText(name)}
            confirmLabel={active ? t.confirmDeactivate : t.confirmActivate}
            cancelLabel={t.cancel}
            busy={setStatus.isPending}
            onConfirm={handleConfirm}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </section>
  )
}
