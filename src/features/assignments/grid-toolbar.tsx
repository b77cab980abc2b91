// The grids' search and filters (team, role) and their pages; the view lives in the URL
// (./grid-params.ts). The search waits for a pause in typing before it asks the server.
import { useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { teamQueries } from '../../api/teams.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { ROLES, type Role } from '../../contracts/roles.ts'
import { TEAM_PAGE_SIZE_MAX } from '../../contracts/teams.ts'
import { roles } from '../../i18n/fr/roles.ts'
import { assignmentGrid as t } from '../../i18n/fr/assignments.ts'
import { GRID_PAGE_SIZE, type GridView } from './grid-params.ts'

const SEARCH_DELAY_MS = 250

export type GridFiltersProps = { view: GridView; onChange: (changes: Partial<GridView>) => void }

export function GridFilters({ view, onChange }: GridFiltersProps) {
  // The teams the reader may see (a manager: their own), for the filter.
  const teams = useQuery(teamQueries.list({ pageSize: TEAM_PAGE_SIZE_MAX }))
  const [search, setSearch] = useState(view.search)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  function handleSearch(value: string) {
    setSearch(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => onChange({ search: value.trim() }), SEARCH_DELAY_MS)
  }

  return (
    <div className="assignment-filters">
      <TextField
        type="search"
        label={t.search}
        name="assignmentSearch"
        value={search}
        onChange={handleSearch}
        autoComplete="off"
      />
      <label className="assignment-filters__select">
        <span>{t.team}</span>
        <select
          value={view.teamId ?? ''}
          onChange={(event) => onChange({ teamId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t.allTeams}</option>
          {(teams.data?.items ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </label>
      <label className="assignment-filters__select">
        <span>{t.role}</span>
        <select
          value={view.role ?? ''}
          onChange={(event) => onChange({ role: (event.target.value || null) as Role | null })}
        >
          <option value="">{t.allRoles}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roles[role]}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

export type GridPagesProps = { total: number; page: number; onPage: (page: number) => void }

export function GridPages({ total, page, onPage }: GridPagesProps) {
  const pages = Math.max(1, Math.ceil(total / GRID_PAGE_SIZE))
  return (
    <nav className="assignment-pages" aria-label={t.pages}>
      <span>{t.total(total)}</span>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <span>{t.page(Math.min(page, pages), pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </nav>
  )
}
