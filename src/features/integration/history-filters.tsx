// The history's filters (issue #13 "History"): search on the file name (applied once typing pauses,
// use-delayed-search.ts), state and mission; each one labelled, its value in the URL.
import { useQuery } from '@tanstack/react-query'
import { missionQueries } from '../../api/missions.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { IMPORT_STATES } from '../../contracts/import-fields.ts'
import { historyFilters as t } from '../../i18n/fr/integration-history.ts'
import { importStates } from '../../i18n/fr/integration.ts'
import { useDelayedSearch } from '../../components/ui/use-delayed-search.ts'
import { isFiltered, type ImportHistoryView } from './history-params.ts'
import { SelectField } from './select-field.tsx'

export type HistoryFiltersProps = {
  view: ImportHistoryView
  onChange: (changes: Partial<ImportHistoryView>) => void
}

export function HistoryFilters({ view, onChange }: HistoryFiltersProps) {
  const missions = useQuery(missionQueries.list({ pageSize: 100, includeArchived: true }))
  const [search, setSearch] = useDelayedSearch(view.search, (value) => onChange({ search: value }))
  return (
    <fieldset className="integration__filters">
      <legend className="integration__hidden">{t.label}</legend>
      <TextField
        type="search"
        label={t.search}
        name="importSearch"
        value={search}
        onChange={setSearch}
        autoComplete="off"
      />
      <SelectField
        label={t.state}
        name="state"
        value={view.state ?? ''}
        onChange={(value) => onChange({ state: IMPORT_STATES.find((state) => state === value) ?? null })}
      >
        <option value="">{t.any}</option>
        {IMPORT_STATES.map((state) => (
          <option key={state} value={state}>
            {importStates[state]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.mission}
        name="mission"
        value={view.missionId === null ? '' : String(view.missionId)}
        onChange={(value) => onChange({ missionId: value === '' ? null : Number(value) })}
      >
        <option value="">{t.any}</option>
        {(missions.data?.items ?? []).map((mission) => (
          <option key={mission.id} value={mission.id}>
            {mission.name}
          </option>
        ))}
      </SelectField>
      {isFiltered(view) ? (
        <Button
          variant="secondary"
          onClick={() => {
            setSearch('')
            onChange({ search: '', state: null, missionId: null })
          }}
        >
          {t.clear}
        </Button>
      ) : null}
    </fieldset>
  )
}
