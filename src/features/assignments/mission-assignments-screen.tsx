// /affectations/mission/{missionId} (issue #12 "Assignments"): one mission's users, with
// "Ajouter des utilisateurs" and "Ajouter une équipe", and for administrators the teams the mission
// is opened to (issue #26). The server decides what a manager may change.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { assignmentQueries } from '../../api/assignments.ts'
import { apiErrorMessage } from '../../api/error-message.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import { paths } from '../../contracts/app-paths.ts'
import { assignmentGrid, missionAssignments as t, screenTitles } from '../../i18n/fr/assignments.ts'
import { AssignedUserList } from './assigned-user-list.tsx'
import { GRID_PAGE_SIZE } from './grid-params.ts'
import { MissionTeamAccess } from './mission-team-access.tsx'
import { MissionTeamPicker } from './mission-team-picker.tsx'
import { MissionUserPicker } from './mission-user-picker.tsx'
import './assignments.css'

export type MissionAssignmentsScreenProps = {
  missionId: number | null
  /** Administrators open the mission to teams (issue #26). */
  canOpenTeams: boolean
}

/** The first page of the mission's users, as the list asks it (the route loader starts it). */
export const firstPageOf = (missionId: number) =>
  assignmentQueries.mission(missionId, { search: '', page: 1, pageSize: GRID_PAGE_SIZE })

export function MissionAssignmentsScreen({ missionId, canOpenTeams }: MissionAssignmentsScreenProps) {
  const first = useQuery({ ...firstPageOf(missionId ?? 0), enabled: missionId !== null })
  const mission = first.data?.mission

  return (
    <div className="assignments-screen">
      <ScreenTitle
        title={screenTitles.affectationsMission}
        heading={mission ? t.title(mission.name) : undefined}
      />
      <Link to={paths.affectationsMissions()}>{t.back}</Link>
      {missionId === null ? (
        <p role="alert">{t.notFound}</p>
      ) : mission === undefined ? (
        <p role={first.isError ? 'alert' : 'status'}>
          {first.isError ? apiErrorMessage(first.error, t.notFound) : assignmentGrid.loading}
        </p>
      ) : (
        <>
          <p className="mission-heading">
            <span
              className="assignment-grid__swatch"
              style={{ background: mission.color }}
              aria-hidden="true"
            />
            {mission.name}
          </p>
          {mission.archivedAt ? <p className="assignments-screen__empty">{t.archived}</p> : null}
          <div className="mission-assignments__columns">
            <div className="mission-assignments__add">
              <MissionUserPicker missionId={mission.id} disabled={mission.archivedAt !== null} />
              <MissionTeamPicker missionId={mission.id} disabled={mission.archivedAt !== null} />
              {canOpenTeams ? (
                <MissionTeamAccess missionId={mission.id} archived={mission.archivedAt !== null} />
              ) : null}
            </div>
            <AssignedUserList mission={mission} />
          </div>
        </>
      )}
    </div>
  )
}
