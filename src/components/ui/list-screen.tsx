// The skeleton of a list screen (issue #28 point 5; the back office's missions, tags, teams, call
// processes and users): the title and its line, the filters (held in the URL by the screen's view),
// the list's states — loading, refused, empty — its table and its pages, and, beside the list, the
// panel of the row opened. The screen brings its query, its view and its words; the layout's class
// names are the screen's own block (`tags-screen`, `tags-screen__list` …), so its stylesheet applies.
// Its usual filters: list-filters.tsx.
import type { ReactNode } from 'react'
import { ListPager, type ListPagerStrings } from './list-pager.tsx'
import { ScreenTitle } from './page-title.tsx'

export type ListScreenStrings = ListPagerStrings & {
  loading: string
  total: (count: number) => string
}

/** What the screen's list query gives: a page of rows and how many there are in all. */
export type ListQueryState<T> = {
  data: { items: T[]; total: number } | undefined
  isError: boolean
  error: unknown
}

export type ListScreenProps<T> = {
  /** The screen's class name, the block its layout's class names derive from. */
  block: string
  title: string
  intro: string
  /** Above the list and its panel (a creation form, filters over both, a selection's actions). */
  header?: ReactNode
  /** Above the rows, in the list's column. */
  filters?: ReactNode
  list: ListQueryState<T>
  /** The refusal shown when the list cannot be read. */
  errorText: (error: unknown) => string
  /** Shown when no row matches. */
  emptyText: string
  page: number
  pageSize: number
  pagerLabel: string
  strings: ListScreenStrings
  onPage: (page: number) => void
  /** The rows. */
  children: (items: T[]) => ReactNode
  /** Beside the list (the row opened); given, even null, the list and it stand in two columns. */
  aside?: ReactNode
  /** After everything (dialogs). */
  footer?: ReactNode
}

export function ListScreen<T>(props: ListScreenProps<T>) {
  const { block, title, intro, header, filters, aside, footer } = props
  const rows = (
    <>
      {filters}
      <ListBody {...props} />
    </>
  )
  return (
    <div className={block}>
      <ScreenTitle title={title} />
      <p>{intro}</p>
      {header}
      {aside === undefined ? (
        rows
      ) : (
        <div className={`${block}__columns`}>
          <div className={`${block}__list`}>{rows}</div>
          {aside}
        </div>
      )}
      {footer}
    </div>
  )
}

function ListBody<T>({
  block,
  list,
  errorText,
  emptyText,
  page,
  pageSize,
  pagerLabel,
  strings,
  onPage,
  children,
}: ListScreenProps<T>) {
  if (list.data === undefined)
    return (
      <p role={list.isError ? 'alert' : 'status'}>{list.isError ? errorText(list.error) : strings.loading}</p>
    )
  if (list.data.items.length === 0) return <p className={`${block}__empty`}>{emptyText}</p>
  return (
    <>
      {children(list.data.items)}
      <ListPager
        className={`${block}__pages`}
        label={pagerLabel}
        totalText={strings.total(list.data.total)}
        page={page}
        pages={Math.max(1, Math.ceil(list.data.total / pageSize))}
        strings={strings}
        onPage={onPage}
      />
    </>
  )
}
