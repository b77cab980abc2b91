// The usual filters of a list screen (list-screen.tsx; issue #28 point 5): a search, applied to the
// screen's URL-held view once typing pauses, and a checkbox adding the archived (or retired) rows.
// Apart from ListScreen so a screen with filters of its own (the users') does not load it.
import type { ReactNode } from 'react'
import { TextField } from './text-field.tsx'
import { useDelayedSearch } from './use-delayed-search.ts'

export type ListFiltersProps = {
  className: string
  /** The search field: its label, its name, and the view's search, applied once typing pauses. */
  searchLabel: string
  searchName: string
  search: string
  onSearch: (search: string) => void
  /** The checkbox that adds the archived (or retired) rows. */
  toggleClassName: string
  toggleLabel: string
  toggled: boolean
  onToggle: (checked: boolean) => void
  /** After the filters (the "new" button). */
  children?: ReactNode
}

export function ListFilters(props: ListFiltersProps) {
  const [search, handleSearch] = useDelayedSearch(props.search, props.onSearch)
  return (
    <div className={props.className}>
      <TextField
        type="search"
        label={props.searchLabel}
        name={props.searchName}
        value={search}
        onChange={handleSearch}
        autoComplete="off"
      />
      <label className={props.toggleClassName}>
        <input
          type="checkbox"
          checked={props.toggled}
          onChange={(event) => props.onToggle(event.target.checked)}
        />
        {props.toggleLabel}
      </label>
      {props.children}
    </div>
  )
}
