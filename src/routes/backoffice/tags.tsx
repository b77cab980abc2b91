// /backoffice/tags (spec §2, issue #12 "Tags"): administrators keep the catalogue of outcome tags
// call-process steps offer. Lazy like every route: nothing of it enters /login or /home.
import { tagQueries } from '../../api/tags.ts'
import { listQueryOf, readTagView } from '../../features/backoffice/tags/tag-list-params.ts'
import { TagsScreen } from '../../features/backoffice/tags/tags-screen.tsx'
import { screenLoader } from '../screen-loader.ts'

export const clientLoader = screenLoader((queryClient, _me, { request }) => {
  const view = readTagView(new URL(request.url).searchParams)
  return [
    queryClient.ensureQueryData(tagQueries.list(listQueryOf(view))),
    ...(typeof view.tagId === 'number' ? [queryClient.ensureQueryData(tagQueries.detail(view.tagId))] : []),
  ]
})

export function Component() {
  return <TagsScreen />
}
