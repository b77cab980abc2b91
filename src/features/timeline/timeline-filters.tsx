// The agent, the day (a date field between previous / next day buttons) and the search of the
// timeline. Every change goes to the URL; the search once typing pauses.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { timelineQueries } from '../../api/timeline.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { useDelayedSearch } from '../../components/ui/use-delayed-search.ts'
import { formatLongDate } from '../../i18n/format.ts'
import { timelineScreen as t } from '../../i18n/fr/timeline.ts'
import { parisToday, shiftDay, type TimelineView } from './timeline-params.ts'
import { personName } from '../../contracts/person-name.ts'

export type TimelineFiltersProps = {
  view: TimelineView
  onChange: (changes: Partial<TimelineView>) => void
}

export function TimelineFilters({ view, onChange }: TimelineFiltersProps) {
  const agentId = useId()
  const dayId = useId()
  const agents = useQuery(timelineQueries.agents())
  const [search, setSearch] = useDelayedSearch(view.search, (value) => onChange({ search: value }))
  const today = parisToday()
  const day = view.day ?? today

  return (
    <div className="timeline__filters" role="group" aria-label={t.filtersLabel}>
      <div className="timeline__field">
        <label htmlFor={agentId}>{t.agent}</label>
        <select
          id={agentId}
          value={view.agentId === null ? '' : String(view.agentId)}
          onChange={(event) => onChange({ agentId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t.chooseAgent}</option>
          {(agents.data ?? []).map((agent) => {
            const name = personName(agent)
            return (
              <option key={agent.id} value={agent.id}>
                {agent.status === 'ACTIVE' ? name : t.inactive(name)}
              </option>
            )
          })}
        </select>
        {agents.isError ? <p role="alert">{t.agentsFailed}</p> : null}
      </div>
      <div className="timeline__day">
        <Button variant="secondary" onClick={() => onChange({ day: shiftDay(day, -1) })}>
          {t.previousDay}
        </Button>
        <div className="timeline__field">
          <label htmlFor={dayId}>{t.day}</label>
          <input
            id={dayId}
            type="date"
            value={day}
            max={today}
            onChange={(event) => {
              if (event.target.value) onChange({ day: event.target.value })
            }}
          />
        </div>
        <Button
          variant="secondary"
          disabled={day >= today}
          onClick={() => onChange({ day: shiftDay(day, 1) })}
        >
          {t.nextDay}
        </Button>
        {day === today ? null : (
          <Button variant="secondary" onClick={() => onChange({ day: today })}>
            {t.today}
          </Button>
        )}
        <p className="timeline__day-name" aria-live="polite">
          {formatLongDate(`${day}T12:00:00Z`)}
        </p>
      </div>
      <TextField label={t.search} name="search" type="search" value={search} onChange={setSearch} />
    </div>
  )
}
