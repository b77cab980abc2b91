// /backoffice/tags (issue #12 "Tags"): the catalogue (search, retired filter and page in the URL),
// the "Nouveau tag" form and the panel of the tag opened, with its history.
import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { tagQueries } from '../../../api/tags.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ListFilters } from '../../../components/ui/list-filters.tsx'
import { ListScreen } from '../../../components/ui/list-screen.tsx'
import { tagsScreen as t, screenTitles } from '../../../i18n/fr/backoffice-tags.ts'
import { NewTagPanel, TagDetail } from './tag-detail.tsx'
import { listQueryOf, TAG_PAGE_SIZE, useTagView } from './tag-list-params.ts'
import { TagsTable } from './tags-table.tsx'
import './tags.css'

export function TagsScreen() {
  const [view, update] = useTagView()
  const list = useQuery(tagQueries.list(listQueryOf(view)))

  return (
    <ListScreen
      block="tags-screen"
      title={screenTitles.backofficeTags}
      intro={t.intro}
      filters={
        <ListFilters
          className="tags-screen__filters"
          searchLabel={t.search}
          searchName="tagSearch"
          search={view.search}
          onSearch={(search) => update({ search })}
          toggleClassName="tags-screen__retired"
          toggleLabel={t.includeRetired}
          toggled={view.includeRetired}
          onToggle={(includeRetired) => update({ includeRetired })}
        >
          <Button onClick={() => update({ tagId: 'new' })}>{t.newTag}</Button>
        </ListFilters>
      }
      list={list}
      errorText={(error) => apiErrorMessage(error, t.loadFailed)}
      emptyText={view.search || view.includeRetired ? t.emptySearch : t.empty}
      page={view.page}
      pageSize={TAG_PAGE_SIZE}
      pagerLabel={t.tableLabel}
      strings={t}
      onPage={(page) => update({ page })}
      aside={
        view.tagId === 'new' ? (
          <NewTagPanel
            onClose={() => update({ tagId: null })}
            onCreated={(tag) => update({ tagId: tag.id })}
          />
        ) : view.tagId === null ? null : (
          <TagDetail key={view.tagId} tagId={view.tagId} onClose={() => update({ tagId: null })} />
        )
      }
    >
      {(tags) => (
        <TagsTable
          tags={tags}
          selectedId={typeof view.tagId === 'number' ? view.tagId : null}
          onOpen={(tagId) => update({ tagId })}
        />
      )}
    </ListScreen>
  )
}
