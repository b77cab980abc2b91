// The extraction filters (issue #13): the choices come from the server, restricted to what the user
// may extract (a manager: their teams' missions); markets follow the missions ticked.
import { LEAD_STATUSES, LEAD_SUBSTATUSES } from '../../contracts/lead-statuses.ts'
import type { ExtractionOptions } from '../../contracts/extractions.ts'
import { EXTRACTION_EXPIRY } from '../../contracts/extractions.ts'
import { TextField } from '../../components/ui/text-field.tsx'
import { extractionsScreen as t } from '../../i18n/fr/extractions.ts'
import { CheckboxGroup } from './checkbox-group.tsx'
import { DateRangeField } from './date-range-field.tsx'
import type { FiltersDraft } from './extraction-draft.ts'

export type ExtractionFiltersProps = {
  options: ExtractionOptions
  draft: FiltersDraft
  onChange: (draft: FiltersDraft) => void
}

const named = (items: readonly { id: number; name: string }[]) =>
  items.map((item) => ({ value: item.id, label: item.name }))

export function ExtractionFilters({ options, draft, onChange }: ExtractionFiltersProps) {
  const set =
    <K extends keyof FiltersDraft>(key: K) =>
    (value: FiltersDraft[K]) =>
      onChange({ ...draft, [key]: value })
  const markets =
    draft.missionIds.length === 0
      ? options.markets
      : options.markets.filter((market) => draft.missionIds.includes(market.missionId))

  return (
    <div className="extractions__filters">
      <CheckboxGroup
        legend={t.missions}
        choices={named(options.missions)}
        selected={draft.missionIds}
        onChange={set('missionIds')}
        emptyText={t.noChoice}
      />
      <CheckboxGroup
        legend={t.markets}
        choices={named(markets)}
        selected={draft.marketIds}
        onChange={set('marketIds')}
        emptyText={t.noChoice}
      />
      <CheckboxGroup
        legend={t.statuses}
        choices={LEAD_STATUSES.map((status) => ({ value: status, label: t.statusNames[status] }))}
        selected={draft.statuses}
        onChange={set('statuses')}
        emptyText={t.noChoice}
      />
      <CheckboxGroup
        legend={t.substatuses}
        choices={LEAD_SUBSTATUSES.map((substatus) => ({
          value: substatus,
          label: t.substatusNames[substatus],
        }))}
        selected={draft.substatuses}
        onChange={set('substatuses')}
        emptyText={t.noChoice}
      />
      <div className="extractions__group">
        <TextField label={t.steps} name="steps" value={draft.steps} onChange={set('steps')} />
        <TextField
          label={t.integrationMonths}
          name="integrationMonths"
          value={draft.integrationMonths}
          onChange={set('integrationMonths')}
        />
      </div>
      <DateRangeField
        legend={t.meetRequest}
        name="meetRequest"
        value={draft.meetRequest}
        onChange={set('meetRequest')}
      />
      <DateRangeField
        legend={t.lastActivity}
        name="lastActivity"
        value={draft.lastActivity}
        onChange={set('lastActivity')}
      />
      <DateRangeField
        legend={t.appointment}
        name="appointment"
        value={draft.appointment}
        onChange={set('appointment')}
      />
      <CheckboxGroup
        legend={t.processingUsers}
        choices={named(options.users)}
        selected={draft.processingUserIds}
        onChange={set('processingUserIds')}
        emptyText={t.noChoice}
      />
      <CheckboxGroup
        legend={t.lastOutcomes}
        choices={named(options.tags)}
        selected={draft.lastOutcomeTagIds}
        onChange={set('lastOutcomeTagIds')}
        emptyText={t.noChoice}
      />
      <fieldset className="extractions__group">
        <legend>{t.expiry}</legend>
        <div className="extractions__choices">
          {EXTRACTION_EXPIRY.map((expiry) => (
            <label key={expiry} className="extractions__choice">
              <input
                type="radio"
                name="expiry"
                checked={draft.expiry === expiry}
                onChange={() => set('expiry')(expiry)}
              />
              {t.expiryChoices[expiry]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
