// One team's panel (issue #12): rename, archive or restore (confirmed), members and managers, and
// the history of its changes. A team someone else changed meanwhile comes back as it now is
// (src/api/teams.ts), with the server's French explanation next to the name.
import { useRef, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { teamMutations, teamQueries } from '../../../api/teams.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { Team } from '../../../contracts/teams.ts'
import { teamDetail as t, teamForm, teamMembers } from '../../../i18n/fr/backoffice.ts'
import { notify } from '../../../stores/notifications.ts'
import { AuditHistory } from '../audit-history.tsx'
import { MemberPicker } from './member-picker.tsx'
import { TeamMemberList } from './team-member-list.tsx'
import { TeamNameForm } from './team-name-form.tsx'

export type TeamDetailProps = { teamId: number; onClose: () => void }

export function TeamDetail({ teamId, onClose }: TeamDetailProps) {
  const team = useQuery(teamQueries.detail(teamId))
  if (team.data) return <TeamPanel team={team.data} onClose={onClose} />
  if (!team.isError) return <p role="status">{t.loading}</p>
  // A team that does not exist (a stale link) or could not be read: say so, with the way out.
  return (
    <section className="team-detail" aria-label={t.loadFailed}>
      <p role="alert">{apiErrorMessage(team.error, t.loadFailed)}</p>
      <Button variant="secondary" onClick={onClose}>
        {t.close}
      </Button>
    </section>
  )
}

function TeamPanel({ team, onClose }: { team: Team; onClose: () => void }) {
  const queryClient = useQueryClient()
  const rename = useMutation(teamMutations.rename(queryClient))
  const archive = useMutation(teamMutations.archive(queryClient))
  const restore = useMutation(teamMutations.restore(queryClient))
  const [confirming, setConfirming] = useState(false)
  const searchRef = useRef<HTMLInputElement>(null)
  const archived = team.archivedAt !== null
  const change = archived ? restore : archive

  function handleConfirm() {
    change.mutateAsync({ id: team.id, version: team.version }).then(
      () => {
        setConfirming(false)
        notify({ kind: 'success', message: archived ? t.restored : t.archived })
      },
      () => setConfirming(false),
    )
  }

  return (
    <section className="team-detail" aria-labelledby="team-detail-title">
      <header className="team-detail__header">
        <h2 id="team-detail-title" tabIndex={-1}>
          {team.name}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t.close}
        </Button>
      </header>
      {archived ? <p className="team-detail__archived">{t.archivedNotice}</p> : null}
      <TeamNameForm
        key={team.id}
        currentName={team.name}
        submitLabel={teamForm.rename}
        disabled={archived}
        onSave={(name) => rename.mutateAsync({ id: team.id, name, version: team.version })}
      />
      <div>
        <Button variant={archived ? 'primary' : 'danger'} onClick={() => setConfirming(true)}>
          {archived ? t.restore : t.archive}
        </Button>
      </div>
      <section aria-labelledby="team-members-title">
        <h3 id="team-members-title">{teamMembers.title}</h3>
        <TeamMemberList team={team} readOnly={archived} onRemoved={() => searchRef.current?.focus()} />
        {archived ? null : <MemberPicker team={team} searchRef={searchRef} />}
      </section>
      <AuditHistory entity="team" entityId={team.id} />
      <ConfirmDialog
        open={confirming}
        title={archived ? t.restoreTitle : t.archiveTitle}
        message={archived ? t.restoreText(team.name) : t.archiveText(team.name, team.members.length)}
        confirmLabel={archived ? t.restoreConfirm : t.archiveConfirm}
        cancelLabel={t.cancel}
        busy={change.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      />
    </section>
  )
}
