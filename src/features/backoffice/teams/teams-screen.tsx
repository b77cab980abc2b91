// /backoffice/teams (issue #12 "Teams"): the list (search, archived filter, sort and page in the URL),
// the "Nouvelle équipe" form, and the panel of the team opened.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { teamMutations, teamQueries } from '../../../api/teams.ts'
import { ListFilters } from '../../../components/ui/list-filters.tsx'
import { ListScreen } from '../../../components/ui/list-screen.tsx'
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

  async function handleCreate(name: string) {
    const team = await create.mutateAsync({ name })
    notify({ kind: 'success', message: teamForm.created(team.name) })
    update({ teamId: team.id })
  }

  return (
    <ListScreen
      block="teams-screen"
      title={screenTitles.backofficeTeams}
      intro={t.intro}
      filters={
        <>
          <section className="teams-screen__create" aria-labelledby="team-create-title">
            <h2 id="team-create-title">{teamForm.createTitle}</h2>
            <TeamNameForm submitLabel={teamForm.create} onSave={handleCreate} />
          </section>
          <ListFilters
            className="teams-screen__filters"
            searchLabel={t.search}
            searchName="teamSearch"
            search={view.search}
            onSearch={(search) => update({ search })}
            toggleClassName="teams-screen__archived"
            toggleLabel={t.includeArchived}
            toggled={view.includeArchived}
            onToggle={(includeArchived) => update({ includeArchived })}
          />
        </>
      }
      list={list}
      errorText={(error) => apiErrorMessage(error, t.loadFailed)}
      emptyText={view.search || view.includeArchived ? t.emptySearch : t.empty}
      page={view.page}
      pageSize={TEAM_PAGE_SIZE}
      pagerLabel={t.tableLabel}
      strings={t}
      onPage={(page) => update({ page })}
      aside={
        view.teamId === null ? null : (
          <TeamDetail key={view.teamId} teamId={view.teamId} onClose={() => update({ teamId: null })} />
        )
      }
    >
      {(teams) => (
        <TeamsTable
          teams={teams}
          sort={view.sort}
          order={view.order}
          selectedId={view.teamId}
          onSortChange={(sort, order) => update({ sort, order })}
          onOpen={(teamId) => update({ teamId })}
        />
      )}
    </ListScreen>
  )
}
