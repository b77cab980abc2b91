// The users list's search and filters (issue #12 "Users"): each one a labelled control whose value
// lives in the URL (user-list-params.ts); the search waits for a pause in typing before it asks.
import { useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { adminUserQueries } from '../../../api/user-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { ROLES, USER_STATUSES } from '../../../contracts/roles.ts'
import { roles, userStatuses } from '../../../i18n/fr/roles.ts'
import { userFilters as t } from '../../../i18n/fr/backoffice-users.ts'
import { isFiltered, type UserView } from './user-list-params.ts'

const SEARCH_DELAY_MS = 250

type Option = { value: string; label: string }

function Select({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string
  name: string
  value: string
  options: Option[]
  onChange: (value: string) => void
}): ReactNode {
  return (
    <label className="users-filters__field">
      <span>{label}</span>
      <select name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

const toFlag = (value: string) => (value === '' ? null : value === '1')
const fromFlag = (value: boolean | null) => (value === null ? '' : value ? '1' : '0')
const toId = (value: string) => (value === '' ? null : Number(value))

export type UsersFiltersProps = { view: UserView; onChange: (changes: Partial<UserView>) => void }

export function UsersFilters({ view, onChange }: UsersFiltersProps) {
  const teams = useQuery(adminUserQueries.teamChoices())
  const missions = useQuery(adminUserQueries.missionChoices())
  const [search, setSearch] = useState(view.search)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // Back/forward or "clear" changes the URL: the field follows it (unless it is what was typed).
  const [seen, setSeen] = useState(view.search)
  if (view.search !== seen) {
    setSeen(view.search)
    if (view.search !== search.trim()) setSearch(view.search)
  }

  function handleSearch(value: string) {
    setSearch(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => onChange({ search: value.trim() }), SEARCH_DELAY_MS)
  }

  const choices = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: String(item.id), label: item.name }))

  return (
    <fieldset className="users-filters">
      <legend className="users-hidden">{t.label}</legend>
      <TextField
        type="search"
        label={t.search}
        name="userSearch"
        value={search}
        onChange={handleSearch}
        autoComplete="off"
      />
      <Select
        label={t.role}
        name="role"
        value={view.role ?? ''}
        options={ROLES.map((role) => ({ value: role, label: roles[role] }))}
        onChange={(value) => onChange({ role: ROLES.find((role) => role === value) ?? null })}
      />
      <Select
        label={t.status}
        name="status"
        value={view.status ?? ''}
        options={USER_STATUSES.map((status) => ({ value: status, label: userStatuses[status] }))}
        onChange={(value) => onChange({ status: USER_STATUSES.find((status) => status === value) ?? null })}
      />
      <Select
        label={t.team}
        name="team"
        value={view.teamId === null ? '' : String(view.teamId)}
        options={choices(teams.data)}
        onChange={(value) => onChange({ teamId: toId(value) })}
      />
      <Select
        label={t.mission}
        name="mission"
        value={view.missionId === null ? '' : String(view.missionId)}
        options={choices(missions.data)}
        onChange={(value) => onChange({ missionId: toId(value) })}
      />
      <Select
        label={t.aircall}
        name="aircall"
        value={fromFlag(view.needsAircallLink)}
        options={[
          { value: '1', label: t.needsLink },
          { value: '0', label: t.linked },
        ]}
        onChange={(value) => onChange({ needsAircallLink: toFlag(value) })}
      />
      <Select
        label={t.working}
        name="working"
        value={fromFlag(view.workingNow)}
        options={[
          { value: '1', label: t.workingNow },
          { value: '0', label: t.notWorking },
        ]}
        onChange={(value) => onChange({ workingNow: toFlag(value) })}
      />
      {isFiltered(view) ? (
        <Button
          variant="secondary"
          onClick={() =>
            onChange({
              search: '',
              role: null,
              status: null,
              teamId: null,
              missionId: null,
              needsAircallLink: null,
              workingNow: null,
            })
          }
        >
          {t.clear}
        </Button>
      ) : null}
    </fieldset>
  )
}
