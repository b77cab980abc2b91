// /backoffice/display-links (issue #14, docs/domain.md "Display links"): administrators list the wall
// screens' display links, create one (its address shown once) and revoke one (after a confirmation);
// a manager the same, for the teams they manage (issue #31: the server gives only those).
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { displayLinkMutations, displayLinkQueries } from '../../../api/display-links.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import type { DisplayLink } from '../../../contracts/display-links.ts'
import { displayLinksScreen as t, screenTitles } from '../../../i18n/fr/backoffice-display-links.ts'
import { formatDateTime } from '../../../i18n/format.ts'
import { notify } from '../../../stores/notifications.ts'
import { CreateDisplayLinkDialog } from './create-display-link-dialog.tsx'
import './display-links.css'

function LinkRow({ link, onRevoke }: { link: DisplayLink; onRevoke: (link: DisplayLink) => void }) {
  return (
    <tr>
      <th scope="row">{link.name}</th>
      <td>{link.team?.name ?? t.centreWide}</td>
      <td>{formatDateTime(link.createdAt)}</td>
      <td>{link.createdBy ?? t.unknownAuthor}</td>
      <td>{link.lastUsedAt ? formatDateTime(link.lastUsedAt) : t.never}</td>
      <td>{link.revokedAt ? t.revokedOn(formatDateTime(link.revokedAt)) : t.active}</td>
      <td>
        {link.revokedAt ? null : (
          <button
            type="button"
            className="display-links__revoke"
            aria-label={t.revokeLabel(link.name)}
            onClick={() => onRevoke(link)}
          >
            {t.revoke}
          </button>
        )}
      </td>
    </tr>
  )
}

export function DisplayLinksScreen() {
  const queryClient = useQueryClient()
  const list = useQuery(displayLinkQueries.list())
  const revoke = useMutation(displayLinkMutations.revoke(queryClient))
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<DisplayLink | null>(null)

  function handleConfirmRevoke() {
    if (!revoking) return
    const { id, name } = revoking
    revoke.mutate(id, {
      onSuccess: () => notify({ kind: 'success', message: t.revoked(name) }),
      onSettled: () => setRevoking(null),
    })
  }

  const links = list.data?.links ?? []
  return (
    <div className="display-links">
      <ScreenTitle title={screenTitles.backofficeDisplayLinks} />
      <p className="display-links__intro">{t.intro}</p>
      <Button onClick={() => setCreating(true)}>{t.create}</Button>
      {list.isPending ? (
        <p>{t.loading}</p>
      ) : list.isError ? (
        <p role="alert">{t.loadFailed}</p>
      ) : links.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <div className="display-links__scroll">
          <table className="display-links__table" aria-label={t.tableLabel}>
            <thead>
              <tr>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.team}</th>
                <th scope="col">{t.columns.createdAt}</th>
                <th scope="col">{t.columns.createdBy}</th>
                <th scope="col">{t.columns.lastUsedAt}</th>
                <th scope="col">{t.columns.status}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <LinkRow key={link.id} link={link} onRevoke={setRevoking} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateDisplayLinkDialog
        open={creating}
        teams={list.data?.teams ?? []}
        centreWide={list.data?.centreWide ?? false}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t.confirmTitle}
        message={t.confirmMessage(revoking?.name ?? '')}
        confirmLabel={t.confirm}
        cancelLabel={t.cancel}
        busy={revoke.isPending}
        onConfirm={handleConfirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  )
}
