// "Ajouter une équipe" (issue #12 "Assignments"): the team's active teleoperators and managers join
// the mission in one change (docs/domain.md "Assignments"). A manager's list holds their own teams.
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { assignmentMutations } from '../../api/assignments.ts'
import { teamQueries } from '../../api/teams.ts'
import { Button } from '../../components/ui/button.tsx'
import { TEAM_PAGE_SIZE_MAX } from '../../contracts/teams.ts'
import { missionAssignments as t } from '../../i18n/fr/assignments.ts'
import { notify } from '../../stores/notifications.ts'

export type MissionTeamPickerProps = { missionId: number; disabled: boolean }

export function MissionTeamPicker({ missionId, disabled }: MissionTeamPickerProps) {
  const queryClient = useQueryClient()
  const teams = useQuery(teamQueries.list({ pageSize: TEAM_PAGE_SIZE_MAX }))
  const add = useMutation(assignmentMutations.assignTeam(queryClient))
  const [teamId, setTeamId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const items = teams.data?.items ?? []

  function handleAdd() {
    if (!teamId) {
      setError(t.noTeam)
      return
    }
    setError(null)
    add.mutate(
      { missionId, teamId: Number(teamId) },
      { onSuccess: (change) => notify({ kind: 'success', message: t.added(change.changedUserIds.length) }) },
    )
  }

  return (
    <section className="mission-picker" aria-labelledby="mission-team-title">
      <h2 id="mission-team-title">{t.addTeamTitle}</h2>
      <p className="mission-picker__hint">{t.addTeamHint}</p>
      {teams.data !== undefined && items.length === 0 ? (
        <p>{t.noTeams}</p>
      ) : (
        <div className="mission-picker__row">
          <label className="assignment-filters__select">
            <span>{t.team}</span>
            <select
              value={teamId}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setTeamId(event.target.value)
                setError(null)
              }}
            >
              <option value="">{t.chooseTeam}</option>
              {items.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </label>
          <Button disabled={disabled} busy={add.isPending} onClick={handleAdd}>
            {t.addTeam}
          </Button>
        </div>
      )}
      {error ? (
        <p id={errorId} className="mission-picker__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  )
}
