// /affectations/missions (issue #12 "Assignments"): users × non-archived missions. Ticking a cell
// assigns at once (optimistic, rolled back with the server's French reason on a refusal); the
// server decides what a manager may change (the members of the teams they manage, on the missions
// opened to those teams: the only columns a manager gets, issue #26).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { assignmentMutations, assignmentQueries } from '../../api/assignments.ts'
import { apiErrorMessage } from '../../api/error-message.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { paths } from '../../contracts/app-paths.ts'
import type { AssignmentMission } from '../../contracts/assignments.ts'
import { assignmentGrid, missionsGrid as t, screenTitles } from '../../i18n/fr/assignments.ts'
import { AssignmentGrid, cellKey, useCellFeedback } from './assignment-grid.tsx'
import { gridQueryOf, useGridView } from './grid-params.ts'
import { GridFilters, GridPages } from './grid-toolbar.tsx'
import './assignments.css'

export type MissionsGridScreenProps = { canEditTeams: boolean }

function MissionHeader({ mission }: { mission: AssignmentMission }) {
  return (
    <Link
      to={paths.affectationsMission(mission.id)}
      className="assignment-grid__column"
      aria-label={t.openMission(mission.name)}
    >
      <span className="assignment-grid__swatch" style={{ background: mission.color }} aria-hidden="true" />
      {mission.name}
    </Link>
  )
}

export function MissionsGridScreen({ canEditTeams }: MissionsGridScreenProps) {
  const queryClient = useQueryClient()
  const [view, update] = useGridView()
  const grid = useQuery(assignmentQueries.missionGrid(gridQueryOf(view)))
  const toggle = useMutation(assignmentMutations.toggleMission(queryClient))
  const [feedback, track] = useCellFeedback(assignmentGrid.saveFailed)
  const data = grid.data

  return (
    <div className="assignments-screen">
      <ScreenTitle title={screenTitles.affectationsMissions} />
      <p>{t.intro}</p>
      {canEditTeams ? <Link to={paths.affectationsTeams()}>{t.teamsLink}</Link> : null}
      <GridFilters view={view} onChange={update} />
      {data === undefined ? (
        <p role={grid.isError ? 'alert' : 'status'}>
          {grid.isError ? apiErrorMessage(grid.error, assignmentGrid.loadFailed) : assignmentGrid.loading}
        </p>
      ) : data.missions.length === 0 ? (
        <p className="assignments-screen__empty">{canEditTeams ? t.noMissions : t.noOpenedMissions}</p>
      ) : data.items.length === 0 ? (
        <p className="assignments-screen__empty">{assignmentGrid.noUsers}</p>
      ) : (
        <>
          <p className="assignments-screen__hint">{assignmentGrid.keyboardHint}</p>
          <AssignmentGrid
            label={t.tableLabel}
            columns={data.missions}
            rows={data.items.map((row) => ({ ...row, checkedIds: row.missionIds }))}
            cellLabel={(user, column) => t.cell(user, column.name)}
            renderHeader={(mission) => <MissionHeader mission={mission} />}
            feedback={feedback}
            onToggle={(row, mission, assigned) =>
              track(
                cellKey(row.id, mission.id),
                toggle.mutateAsync({ missionId: mission.id, userId: row.id, assigned }),
              )
            }
          />
          <GridPages total={data.total} page={view.page} onPage={(page) => update({ page })} />
        </>
      )}
    </div>
  )
}
