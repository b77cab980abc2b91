// "Équipes ayant accès" (issue #26, docs/domain.md "Assignments"), administrators only: the teams the
// mission is opened to. A ticked team's managers see the mission's leads and assign that team's
// members to it; each box saves at once, the list shown being the server's answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { assignmentMutations, assignmentQueries } from '../../api/assignments.ts'
import { apiErrorMessage } from '../../api/error-message.ts'
import type { MissionTeamsItem } from '../../contracts/assignments.ts'
import { assignmentGrid, missionTeamAccess as t } from '../../i18n/fr/assignments.ts'
import { notify } from '../../stores/notifications.ts'

export type MissionTeamAccessProps = { missionId: number; archived: boolean }

export function MissionTeamAccess({ missionId, archived }: MissionTeamAccessProps) {
  const queryClient = useQueryClient()
  const teams = useQuery(assignmentQueries.missionTeams(missionId))
  const change = useMutation(assignmentMutations.setMissionTeam(queryClient))
  const items = teams.data?.teams ?? []

  function handleToggle(team: MissionTeamsItem, open: boolean) {
    change.mutate(
      { missionId, teamId: team.id, open },
      { onSuccess: () => notify({ kind: 'success', message: t.saved(team.name, open) }) },
    )
  }

  return (
    <section className="mission-picker" aria-labelledby="mission-team-access-title">
      <h2 id="mission-team-access-title">{t.title}</h2>
      <p className="mission-picker__hint" id="mission-team-access-hint">
        {t.hint}
      </p>
      {teams.data === undefined ? (
        <p role={teams.isError ? 'alert' : 'status'}>
          {teams.isError ? apiErrorMessage(teams.error, t.loadFailed) : assignmentGrid.loading}
        </p>
      ) : items.length === 0 ? (
        <p>{t.noTeams}</p>
      ) : (
        <ul className="mission-picker__results" aria-describedby="mission-team-access-hint">
          {items.map((team) => (
            <li key={team.id}>
              <label>
                <input
                  type="checkbox"
                  checked={team.opened}
                  // Closing stays possible on an archived mission or team; opening does not.
                  disabled={change.isPending || (!team.opened && (archived || team.archived))}
                  onChange={(event) => handleToggle(team, event.target.checked)}
                />
                {team.archived ? t.archivedTeam(team.name) : team.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
