// /backoffice/missions (issue #12 "Missions"): the list (search, archived filter, page in the URL),
// the creation form, and the panel of the mission opened, with its markets.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { configurationQueries } from '../../../api/configuration.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { missionMutations, missionQueries } from '../../../api/missions.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ListFilters } from '../../../components/ui/list-filters.tsx'
import { ListScreen } from '../../../components/ui/list-screen.tsx'
import { CONFIGURATION_DEFAULTS } from '../../../contracts/configuration.ts'
import { missionForm, missionsScreen as t, screenTitles } from '../../../i18n/fr/backoffice-missions.ts'
import { notify } from '../../../stores/notifications.ts'
import { MissionDetail } from './mission-detail.tsx'
import { MissionEditor } from './mission-editor.tsx'
import { listQueryOf, MISSION_PAGE_SIZE, useMissionView } from './mission-list-params.ts'
import { MissionsTable } from './missions-table.tsx'
import './missions.css'

export function MissionsScreen() {
  const queryClient = useQueryClient()
  const [view, update] = useMissionView()
  const list = useQuery(missionQueries.list(listQueryOf(view)))
  const settings = useQuery(configurationQueries.entries())
  const create = useMutation(missionMutations.create(queryClient))
  const stored = settings.data?.items.find((entry) => entry.key === 'leadProcessingDurationDays')?.value
  const defaultDuration =
    typeof stored === 'number' ? stored : CONFIGURATION_DEFAULTS.leadProcessingDurationDays

  return (
    <ListScreen
      block="missions-screen"
      title={screenTitles.backofficeMissions}
      intro={t.intro}
      filters={
        <ListFilters
          className="missions-screen__filters"
          searchLabel={t.search}
          searchName="missionSearch"
          search={view.search}
          onSearch={(search) => update({ search })}
          toggleClassName="missions-screen__archived"
          toggleLabel={t.includeArchived}
          toggled={view.includeArchived}
          onToggle={(includeArchived) => update({ includeArchived })}
        >
          <Button onClick={() => update({ missionId: 'new' })}>{t.create}</Button>
        </ListFilters>
      }
      list={list}
      errorText={(error) => apiErrorMessage(error, t.loadFailed)}
      emptyText={view.search || view.includeArchived ? t.emptySearch : t.empty}
      page={view.page}
      pageSize={MISSION_PAGE_SIZE}
      pagerLabel={t.tableLabel}
      strings={t}
      onPage={(page) => update({ page })}
      aside={
        view.missionId === 'new' ? (
          <section className="mission-detail" aria-labelledby="mission-create-title">
            <h2 id="mission-create-title">{missionForm.createTitle}</h2>
            <MissionEditor
              defaultDuration={defaultDuration}
              onSave={async (values) => {
                const mission = await create.mutateAsync(values)
                notify({ kind: 'success', message: missionForm.created(mission.name) })
                update({ missionId: mission.id })
              }}
            />
          </section>
        ) : view.missionId === null ? null : (
          <MissionDetail
            key={view.missionId}
            missionId={view.missionId}
            defaultDuration={defaultDuration}
            onClose={() => update({ missionId: null })}
          />
        )
      }
    >
      {(missions) => (
        <MissionsTable
          missions={missions}
          selectedId={typeof view.missionId === 'number' ? view.missionId : null}
          onOpen={(missionId) => update({ missionId })}
        />
      )}
    </ListScreen>
  )
}
