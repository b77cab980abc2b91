// The missions screen's view state, held in the URL (conventions §3.3): search, archived shown, page
// and the mission open in the panel ("new" for the creation form), so a view can be reloaded or shared.
import { usePagedView } from '../../../components/ui/use-url-view.ts'
import type { MissionListQuery } from '../../../contracts/missions.ts'

export const MISSION_PAGE_SIZE = 25

export type MissionView = {
  search: string
  includeArchived: boolean
  page: number
  /** The mission in the panel, "new" for the creation form, null for none. */
  missionId: number | 'new' | null
}

function positive(value: string | null): number | null {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : null
}

export function readMissionView(params: URLSearchParams): MissionView {
  const mission = params.get('mission')
  return {
    search: params.get('q') ?? '',
    includeArchived: params.get('archived') === '1',
    page: positive(params.get('page')) ?? 1,
    missionId: mission === 'new' ? 'new' : positive(mission),
  }
}

function writeMissionView(view: MissionView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.includeArchived) params.set('archived', '1')
  if (view.page > 1) params.set('page', String(view.page))
  if (view.missionId !== null) params.set('mission', String(view.missionId))
  return params
}

export function listQueryOf({ search, includeArchived, page }: MissionView): MissionListQuery {
  return { search, includeArchived, page, pageSize: MISSION_PAGE_SIZE }
}

/** The view and its update; a new search or filter starts from the first page. */
export function useMissionView() {
  return usePagedView(readMissionView, writeMissionView, ['search', 'includeArchived'])
}
