// /backoffice/missions (issue #12 "Missions"): the list (search, archived filter, page in the URL),
// the creation form, and the panel of the mission opened, with its markets.
import { useDelayedSearch } from '../../../components/ui/use-delayed-search.ts'
import { ListPager } from '../../../components/ui/list-pager.tsx'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { configurationQueries } from '../../../api/configuration.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { missionMutations, missionQueries } from '../../../api/missions.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
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
  const [search, handleSearch] = useDelayedSearch(view.search, (value) => update({ search: value }))
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / MISSION_PAGE_SIZE))
  const stored = settings.data?.items.find((entry) => entry.key === 'leadProcessingDurationDays')?.value
  const defaultDuration =
    typeof stored === 'number' ? stored : CONFIGURATION_DEFAULTS.leadProcessingDurationDays

  return (
    <div className="missions-screen">
      <ScreenTitle title={screenTitles.backofficeMissions} />
      <p>{t.intro}</p>
      <div className="missions-screen__columns">
        <div className="missions-screen__list">
          <div className="missions-screen__filters">
            <TextField
              type="search"
              label={t.search}
              name="missionSearch"
              value={search}
              onChange={handleSearch}
              autoComplete="off"
            />
            <label className="missions-screen__archived">
              <input
                type="checkbox"
                checked={view.includeArchived}
                onChange={(event) => update({ includeArchived: event.target.checked })}
              />
              {t.includeArchived}
            </label>
            <Button onClick={() => update({ missionId: 'new' })}>{t.create}</Button>
          </div>
          {list.data === undefined ? (
            <p role={list.isError ? 'alert' : 'status'}>
              {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
            </p>
          ) : list.data.items.length === 0 ? (
            <p className="missions-screen__empty">
              {view.search || view.includeArchived ? t.emptySearch : t.empty}
            </p>
          ) : (
            <>
              <MissionsTable
                missions={list.data.items}
                selectedId={typeof view.missionId === 'number' ? view.missionId : null}
                onOpen={(missionId) => update({ missionId })}
              />
              <ListPager
                className="missions-screen__pages"
                label={t.tableLabel}
                totalText={t.total(list.data.total)}
                page={view.page}
                pages={pages}
                strings={t}
                onPage={(page) => update({ page })}
              />
            </>
          )}
        </div>
        {view.missionId === 'new' ? (
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
        )}
      </div>
    </div>
  )
}
