// The teams screen's view state, held in the URL (conventions §3.3): search, archived shown, sort,
// page and the team open in the panel, so a view can be reloaded or shared.
import { usePagedView } from '../../../components/ui/use-url-view.ts'
import { TEAM_SORTS, type TeamSort } from '../../../contracts/team-form.ts'
import type { TeamListQuery } from '../../../contracts/teams.ts'

export const TEAM_PAGE_SIZE = 25

export type TeamView = Required<Omit<TeamListQuery, 'pageSize'>> & { teamId: number | null }

function positive(value: string | null): number | null {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : null
}

export function readTeamView(params: URLSearchParams): TeamView {
  const sort = params.get('sort')
  return {
    search: params.get('q') ?? '',
    includeArchived: params.get('archived') === '1',
    sort: TEAM_SORTS.includes(sort as TeamSort) ? (sort as TeamSort) : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: positive(params.get('page')) ?? 1,
    teamId: positive(params.get('team')),
  }
}

function writeTeamView(view: TeamView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.includeArchived) params.set('archived', '1')
  if (view.sort !== 'name') params.set('sort', view.sort)
  if (view.order !== 'asc') params.set('order', view.order)
  if (view.page > 1) params.set('page', String(view.page))
  if (view.teamId !== null) params.set('team', String(view.teamId))
  return params
}

/** The list query of a view (what the server needs of it). */
export function listQueryOf({ teamId: _teamId, ...view }: TeamView): TeamListQuery {
  return { ...view, pageSize: TEAM_PAGE_SIZE }
}

export function useTeamView() {
  return usePagedView(readTeamView, writeTeamView, ['search', 'includeArchived', 'sort', 'order'])
}
