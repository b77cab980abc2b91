// One mission's panel (issue #12 "Missions"): edit it, its banner, archive / restore or delete it
// (confirmed; a mission with leads can only be archived), its markets, and the history of its
// changes. A mission someone else changed meanwhile comes back as it now is (src/api/missions.ts).
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { missionMutations, missionQueries } from '../../../api/missions.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { Mission } from '../../../contracts/missions.ts'
import { missionDetail as t, missionForm } from '../../../i18n/fr/backoffice-missions.ts'
import { notify } from '../../../stores/notifications.ts'
import { AuditHistory } from '../audit-history.tsx'
import { BannerField } from './banner-field.tsx'
import { MissionEditor } from './mission-editor.tsx'
import { MissionMarkets } from './mission-markets.tsx'

export type MissionDetailProps = { missionId: number; defaultDuration: number; onClose: () => void }

export function MissionDetail({ missionId, defaultDuration, onClose }: MissionDetailProps) {
  const mission = useQuery(missionQueries.detail(missionId))
  if (mission.data)
    return <MissionPanel mission={mission.data} defaultDuration={defaultDuration} onClose={onClose} />
  if (!mission.isError) return <p role="status">{t.loading}</p>
  return (
    <section className="mission-detail" aria-label={t.loadFailed}>
      <p role="alert">{apiErrorMessage(mission.error, t.loadFailed)}</p>
      <Button variant="secondary" onClick={onClose}>
        {t.close}
      </Button>
    </section>
  )
}

type Pending = 'archive' | 'restore' | 'delete' | null

function MissionPanel({
  mission,
  defaultDuration,
  onClose,
}: {
  mission: Mission
  defaultDuration: number
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const update = useMutation(missionMutations.update(queryClient))
  const archive = useMutation(missionMutations.archive(queryClient))
  const remove = useMutation(missionMutations.remove(queryClient))
  const [pending, setPending] = useState<Pending>(null)
  const archived = mission.archivedAt !== null

  function handleConfirm() {
    const input = { id: mission.id, version: mission.version }
    const done =
      pending === 'delete'
        ? remove.mutateAsync(input).then(() => {
            notify({ kind: 'success', message: t.deleted })
            onClose()
          })
        : archive.mutateAsync({ ...input, archived: pending === 'archive' }).then(() => {
            notify({ kind: 'success', message: pending === 'archive' ? t.archived : t.restored })
          })
    done.then(
      () => setPending(null),
      () => setPending(null),
    )
  }

  const dialog = {
    archive: [t.archiveTitle, t.archiveText(mission.name, mission.leadCount), t.archiveConfirm],
    restore: [t.restoreTitle, t.restoreText(mission.name), t.restoreConfirm],
    delete: [t.deleteTitle, t.deleteText(mission.name), t.deleteConfirm],
  } as const
  const [title, message, confirmLabel] = dialog[pending ?? 'archive']
  return (
    <section className="mission-detail" aria-labelledby="mission-detail-title">
      <header className="mission-detail__header">
        <h2 id="mission-detail-title" tabIndex={-1}>
          <span className="mission-detail__swatch" style={{ background: mission.color }} aria-hidden="true" />
          {mission.name}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </header>
      {archived ? <p className="mission-detail__archived">{t.archivedNotice}</p> : null}
      <MissionEditor
        key={mission.id}
        mission={mission}
        defaultDuration={defaultDuration}
        disabled={archived}
        onSave={async (values) => {
          await update.mutateAsync({ id: mission.id, version: mission.version, ...values })
          notify({ kind: 'success', message: missionForm.saved })
        }}
      />
      <BannerField mission={mission} disabled={archived} />
      <div className="mission-detail__actions">
        {archived ? (
          <Button onClick={() => setPending('restore')}>{t.restore}</Button>
        ) : (
          <Button variant="danger" onClick={() => setPending('archive')}>
            {t.archive}
          </Button>
        )}
        {mission.leadCount === 0 ? (
          <Button variant="danger" onClick={() => setPending('delete')}>
            {t.delete}
          </Button>
        ) : null}
      </div>
      <MissionMarkets mission={mission} />
      <AuditHistory entity="mission" entityId={mission.id} />
      <ConfirmDialog
        open={pending !== null}
        title={title}
        message={message}
        confirmLabel={confirmLabel}
        cancelLabel={t.cancel}
        busy={archive.isPending || remove.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setPending(null)}
      />
    </section>
  )
}
