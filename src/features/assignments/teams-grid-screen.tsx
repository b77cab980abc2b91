// /affectations/teams (issue #12 "Assignments"): users × non-archived teams, for administrators.
// Ticking a cell adds the user to the team through the Teams API (the rules of
// server/domain/teams/members.ts), at once, rolled back with the server's reason on a refusal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { assignmentMutations, assignmentQueries } from '../../api/assignments.ts'
import { apiErrorMessage } from '../../api/error-message.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { paths } from '../../contracts/app-paths.ts'
import { assignmentGrid, teamsGrid as t, screenTitles } from '../../i18n/fr/assignments.ts'
import { AssignmentGrid, cellKey, useCellFeedback } from './assignment-grid.tsx'
import { gridQueryOf, useGridView } from './grid-params.ts'
import { GridFilters, GridPages } from './grid-toolbar.tsx'
import './assignments.css'

export function TeamsGridScreen() {
  const queryClient = useQueryClient()
  const [view, update] = useGridView()
  const grid = useQuery(assignmentQueries.teamGrid(gridQueryOf(view)))
  const toggle = useMutation(assignmentMutations.toggleTeam(queryClient))
  const [feedback, track] = useCellFeedback(assignmentGrid.saveFailed)
  const data = grid.data

  return (
    <div className="assignments-screen">
      <ScreenTitle title={screenTitles.affectationsTeams} />
      <p>{t.intro}</p>
      <Link to={paths.affectationsMissions()}>{t.missionsLink}</Link>
      <GridFilters view={view} onChange={update} />
      {data === undefined ? (
        <p role={grid.isError ? 'alert' : 'status'}>
          {grid.isError ? apiErrorMessage(grid.error, assignmentGrid.loadFailed) : assignmentGrid.loading}
        </p>
      ) : data.teams.length === 0 ? (
        <p className="assignments-screen__empty">{t.noTeams}</p>
      ) : data.items.length === 0 ? (
        <p className="assignments-screen__empty">{assignmentGrid.noUsers}</p>
      ) : (
        <>
          <p className="assignments-screen__hint">{assignmentGrid.keyboardHint}</p>
          <AssignmentGrid
            label={t.tableLabel}
            columns={data.teams}
            rows={data.items.map((row) => ({ ...row, checkedIds: row.teamIds }))}
            cellLabel={(user, column) => t.cell(user, column.name)}
            renderHeader={(team) => <span className="assignment-grid__column">{team.name}</span>}
            feedback={feedback}
            onToggle={(row, team, member) =>
              track(cellKey(row.id, team.id), toggle.mutateAsync({ teamId: team.id, userId: row.id, member }))
            }
          />
          <GridPages total={data.total} page={view.page} onPage={(page) => update({ page })} />
        </>
      )}
    </div>
  )
}
