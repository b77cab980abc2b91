// /backoffice/teams (issue #12 "Teams"): the list (search, archived filter, sort and page in the URL),
// the "Nouvelle équipe" form, and the panel of the team opened.
import { useDelayedSearch } from '../../../components/ui/use-delayed-search.ts'
import { ListPager } from '../../../components/ui/list-pager.tsx'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { teamMutations, teamQueries } from '../../../api/teams.ts'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { teamForm, teamsScreen as t, screenTitles } from '../../../i18n/fr/backoffice.ts'
import { notify } from '../../../stores/notifications.ts'
import { TeamDetail } from './team-detail.tsx'
import { listQueryOf, TEAM_PAGE_SIZE, useTeamView } from './team-list-params.ts'
import { TeamNameForm } from './team-name-form.tsx'
import { TeamsTable } from './teams-table.tsx'
import './teams.css'

export function TeamsScreen() {
  const queryClient = useQueryClient()
  const [view, update] = useTeamView()
  const list = useQuery(teamQueries.list(listQueryOf(view)))
  const create = useMutation(teamMutations.create(queryClient))
  const [search, handleSearch] = useDelayedSearch(view.search, (value) => update({ search: value }))
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TEAM_PAGE_SIZE))

  async function handleCreate(name: string) {
    const team = await create.mutateAsync({ name })
    notify({ kind: 'success', message: teamForm.created(team.name) })
    update({ teamId: team.id })
  }

  return (
    <div className="teams-screen">
      <ScreenTitle title={screenTitles.backofficeTeams} />
      <p>{t.intro}</p>
      <div className="teams-screen__columns">
        <div className="teams-screen__list">
          <section className="teams-screen__create" aria-labelledby="team-create-title">
            <h2 id="team-create-title">{teamForm.createTitle}</h2>
            <TeamNameForm submitLabel={teamForm.create} onSave={handleCreate} />
          </section>
          <div className="teams-screen__filters">
            <TextField
              type="search"
              label={t.search}
              name="teamSearch"
              value={search}
              onChange={handleSearch}
              autoComplete="off"
            />
            <label className="teams-screen__archived">
              <input
                type="checkbox"
                checked={view.includeArchived}
                onChange={(event) => update({ includeArchived: event.target.checked })}
              />
              {t.includeArchived}
            </label>
          </div>
          {list.data === undefined ? (
            <p role={list.isError ? 'alert' : 'status'}>
              {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
            </p>
          ) : list.data.items.length === 0 ? (
            <p className="teams-screen__empty">
              {view.search || view.includeArchived ? t.emptySearch : t.empty}
            </p>
          ) : (
            <>
              <TeamsTable
                teams={list.data.items}
                sort={view.sort}
                order={view.order}
                selectedId={view.teamId}
                onSortChange={(sort, order) => update({ sort, order })}
                onOpen={(teamId) => update({ teamId })}
              />
              <ListPager
                className="teams-screen__pages"
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
        {view.teamId === null ? null : (
          <TeamDetail key={view.teamId} teamId={view.teamId} onClose={() => update({ teamId: null })} />
        )}
      </div>
    </div>
  )
}
