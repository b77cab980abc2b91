// /backoffice/tags (issue #12 "Tags"): the catalogue (search, retired filter and page in the URL),
// the "Nouveau tag" form and the panel of the tag opened, with its history.
import { useDelayedSearch } from '../../../components/ui/use-delayed-search.ts'
import { ListPager } from '../../../components/ui/list-pager.tsx'
import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { tagQueries } from '../../../api/tags.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { tagsScreen as t, screenTitles } from '../../../i18n/fr/backoffice-tags.ts'
import { NewTagPanel, TagDetail } from './tag-detail.tsx'
import { listQueryOf, TAG_PAGE_SIZE, useTagView } from './tag-list-params.ts'
import { TagsTable } from './tags-table.tsx'
import './tags.css'

export function TagsScreen() {
  const [view, update] = useTagView()
  const list = useQuery(tagQueries.list(listQueryOf(view)))
  const [search, handleSearch] = useDelayedSearch(view.search, (value) => update({ search: value }))
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TAG_PAGE_SIZE))

  return (
    <div className="tags-screen">
      <ScreenTitle title={screenTitles.backofficeTags} />
      <p>{t.intro}</p>
      <div className="tags-screen__columns">
        <div className="tags-screen__list">
          <div className="tags-screen__filters">
            <TextField
              type="search"
              label={t.search}
              name="tagSearch"
              value={search}
              onChange={handleSearch}
              autoComplete="off"
            />
            <label className="tags-screen__retired">
              <input
                type="checkbox"
                checked={view.includeRetired}
                onChange={(event) => update({ includeRetired: event.target.checked })}
              />
              {t.includeRetired}
            </label>
            <Button onClick={() => update({ tagId: 'new' })}>{t.newTag}</Button>
          </div>
          {list.data === undefined ? (
            <p role={list.isError ? 'alert' : 'status'}>
              {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
            </p>
          ) : list.data.items.length === 0 ? (
            <p className="tags-screen__empty">
              {view.search || view.includeRetired ? t.emptySearch : t.empty}
            </p>
          ) : (
            <>
              <TagsTable
                tags={list.data.items}
                selectedId={typeof view.tagId === 'number' ? view.tagId : null}
                onOpen={(tagId) => update({ tagId })}
              />
              <ListPager
                className="tags-screen__pages"
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
        {view.tagId === 'new' ? (
          <NewTagPanel
            onClose={() => update({ tagId: null })}
            onCreated={(tag) => update({ tagId: tag.id })}
          />
        ) : view.tagId === null ? null : (
          <TagDetail key={view.tagId} tagId={view.tagId} onClose={() => update({ tagId: null })} />
        )}
      </div>
    </div>
  )
}
