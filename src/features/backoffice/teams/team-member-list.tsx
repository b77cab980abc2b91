// A team's members (issue #12): each with the "Manager de l'équipe" switch (MANAGER-role users only,
// as the server rules) and "Retirer", confirmed first. Focus goes back to the add field after a removal,
// since the row it came from is gone.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { teamMutations } from '../../../api/teams.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { Team, TeamMember } from '../../../contracts/teams.ts'
import { roles } from '../../../i18n/fr/roles.ts'
import { teamMembers as t } from '../../../i18n/fr/backoffice.ts'
import { personName } from '../../../contracts/person-name.ts'

export type TeamMemberListProps = {
  team: Team
  readOnly: boolean
  /** Called once a member was removed (focus goes to the add field). */
  onRemoved: () => void
}

const fullName = (member: TeamMember) => personName(member)

export function TeamMemberList({ team, readOnly, onRemoved }: TeamMemberListProps) {
  const queryClient = useQueryClient()
  const setManager = useMutation(teamMutations.setManager(queryClient))
  const remove = useMutation(teamMutations.removeMember(queryClient))
  const [removing, setRemoving] = useState<TeamMember | null>(null)

  function handleRemove() {
    if (!removing) return
    remove.mutateAsync({ teamId: team.id, userId: removing.id }).then(
      () => {
        setRemoving(null)
        onRemoved()
      },
      () => setRemoving(null),
    )
  }

  if (team.members.length === 0) return <p className="team-members__empty">{t.empty}</p>
  return (
    <>
      <ul className="team-members">
        {team.members.map((member) => (
          <li key={member.id} className="team-members__item">
            <span className="team-members__who">
              <strong>{fullName(member)}</strong>
              <span>
                {roles[member.role]} · {member.email}
                {member.status === 'INACTIVE' ? ` · ${t.inactive}` : ''}
              </span>
            </span>
            <label
              className="team-members__manager"
              title={member.role === 'MANAGER' ? undefined : t.managerHint}
            >
              <input
                type="checkbox"
                checked={member.isManager}
                disabled={
                  readOnly || (member.role !== 'MANAGER' && !member.isManager) || setManager.isPending
                }
                onChange={(event) =>
                  setManager.mutate({ teamId: team.id, userId: member.id, isManager: event.target.checked })
                }
              />
              {t.manager}
            </label>
            {readOnly ? null : (
              <Button variant="secondary" onClick={() => setRemoving(member)}>
                {t.remove(fullName(member))}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t.removeTitle}
        message={removing ? t.removeText(fullName(removing), team.name) : ''}
        confirmLabel={t.removeConfirm}
        cancelLabel={t.cancel}
        busy={remove.isPending}
        onConfirm={handleRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  )
}
