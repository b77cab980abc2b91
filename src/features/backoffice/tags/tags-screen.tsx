// /backoffice/tags (issue #12 "Tags"): the catalogue (search, retired filter and page in the URL),
// the "Nouveau tag" form and the panel of the tag opened, with its history.
import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { tagQueries } from '../../../api/tags.ts'
import { Button } from '../../../components/ui/button.tsx'
import { PageTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { app } from '../../../i18n/fr/common.ts'
import { tagsScreen as t } from '../../../i18n/fr/backoffice-tags.ts'
import { NewTagPanel, TagDetail } from './tag-detail.tsx'
import { listQueryOf, TAG_PAGE_SIZE, useTagView } from './tag-list-params.ts'
import { TagsTable } from './tags-table.tsx'
import './tags.css'

const SEARCH_DELAY_MS = 250

export function TagsScreen() {
  const [view, update] = useTagView()
  const list = useQuery(tagQueries.list(listQueryOf(view)))
  const [search, setSearch] = useState(view.search)
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // The search applies after a delay: with the view as it is then, so a tag opened meanwhile stays open.
  const latestUpdate = useRef(update)
  useEffect(() => {
    latestUpdate.current = update
  })
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TAG_PAGE_SIZE))

  function handleSearch(value: string) {
    setSearch(value)
    clearTimeout(searchTimer.current)
    searchTimer.current = setTimeout(() => latestUpdate.current({ search: value.trim() }), SEARCH_DELAY_MS)
  }

  return (
    <div className="tags-screen">
      <PageTitle title={t.title} documentTitle={`${t.title} – ${app.name}`} />
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
              <nav className="tags-screen__pages" aria-label={t.tableLabel}>
                <span>{t.total(list.data.total)}</span>
                <Button
                  variant="secondary"
                  disabled={view.page <= 1}
                  onClick={() => update({ page: view.page - 1 })}
                >
                  {t.previous}
                </Button>
                <span>{t.page(Math.min(view.page, pages), pages)}</span>
                <Button
                  variant="secondary"
                  disabled={view.page >= pages}
                  onClick={() => update({ page: view.page + 1 })}
                >
                  {t.next}
                </Button>
              </nav>
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
