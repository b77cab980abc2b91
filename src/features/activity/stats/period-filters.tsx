// The statistics' period and filters: a preset (today … this month) or custom Paris days, a team, an
// agent. Each choice goes to the URL at once; custom days go when "Afficher" is pressed, both given.
import { useId, useState, type FormEvent } from 'react'
import { PERIOD_PRESETS, type DayRange, type PeriodPreset } from '../../../contracts/activity-periods.ts'
import type { ActivityChoice } from '../../../contracts/activity.ts'
import { Button } from '../../../components/ui/button.tsx'
import { statsScreen as t } from '../../../i18n/fr/activity.ts'
import type { StatsView } from '../activity-params.ts'
import { TeamSelect } from '../team-select.tsx'

export type PeriodFiltersProps = {
  view: StatsView
  /** The period shown now (the server's reading of the view), to start custom days from. */
  shown: DayRange | undefined
  teams: readonly ActivityChoice[]
  agents: readonly ActivityChoice[]
  isAdmin: boolean
  onChange: (changes: Partial<StatsView>) => void
}

export function PeriodFilters({ view, shown, teams, agents, isAdmin, onChange }: PeriodFiltersProps) {
  const periodId = useId()
  const agentId = useId()
  const fromId = useId()
  const toId = useId()
  const [from, setFrom] = useState(view.from ?? shown?.from ?? '')
  const [to, setTo] = useState(view.to ?? shown?.to ?? '')

  function handlePeriod(period: PeriodPreset) {
    if (period !== 'custom') return onChange({ period, from: null, to: null })
    // Custom starts from the days on screen, shown at once.
    const start = shown ?? { from, to }
    setFrom(start.from)
    setTo(start.to)
    onChange({ period, from: start.from || null, to: start.to || null })
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (view.period === 'custom' && from && to) onChange({ from, to })
  }

  return (
    <form className="activity__filters" aria-label={t.filtersLabel} onSubmit={handleSubmit}>
      <div className="activity-field">
        <label htmlFor={periodId}>{t.period}</label>
        <select
          id={periodId}
          value={view.period}
          onChange={(e) => handlePeriod(e.target.value as PeriodPreset)}
        >
          {PERIOD_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t.presets[preset]}
            </option>
          ))}
        </select>
      </div>
      {view.period === 'custom' ? (
        <>
          <div className="activity-field">
            <label htmlFor={fromId}>{t.from}</label>
            <input id={fromId} type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="activity-field">
            <label htmlFor={toId}>{t.to}</label>
            <input
              id={toId}
              type="date"
              value={to}
              required
              min={from}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t.apply}
          </Button>
        </>
      ) : null}
      <TeamSelect
        teams={teams}
        value={view.teamId}
        isAdmin={isAdmin}
        onChange={(teamId) => onChange({ teamId, userId: null })}
      />
      <div className="activity-field">
        <label htmlFor={agentId}>{t.agent}</label>
        <select
          id={agentId}
          value={view.userId === null ? '' : String(view.userId)}
          onChange={(e) => onChange({ userId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t.allAgents}</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
    </form>
  )
}
