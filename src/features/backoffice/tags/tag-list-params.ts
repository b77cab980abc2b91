// The tags screen's view state, held in the URL (conventions §3.3): search, retired shown, page and
// the tag open in the panel ('new' for the creation form), so a view can be reloaded or shared.
import { usePagedView } from '../../../components/ui/use-url-view.ts'
import type { TagListQuery } from '../../../contracts/tags.ts'

export const TAG_PAGE_SIZE = 50

export type TagView = Required<Omit<TagListQuery, 'pageSize'>> & { tagId: number | 'new' | null }

function positive(value: string | null): number | null {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : null
}

export function readTagView(params: URLSearchParams): TagView {
  const tag = params.get('tag')
  return {
    search: params.get('q') ?? '',
    includeRetired: params.get('retired') === '1',
    page: positive(params.get('page')) ?? 1,
    tagId: tag === 'new' ? 'new' : positive(tag),
  }
}

function writeTagView(view: TagView): URLSearchParams {
  const params = new URLSearchParams()
  if (view.search) params.set('q', view.search)
  if (view.includeRetired) params.set('retired', '1')
  if (view.page > 1) params.set('page', String(view.page))
  if (view.tagId !== null) params.set('tag', String(view.tagId))
  return params
}

/** The list query of a view (what the server needs of it). */
export function listQueryOf({ tagId: _tagId, ...view }: TagView): TagListQuery {
  return { ...view, pageSize: TAG_PAGE_SIZE }
}

export function useTagView() {
  return usePagedView(readTagView, writeTagView, ['search', 'includeRetired'])
}
