// A manager's or an administrator's choice on `/activity/gamification`: an agent or a team among the
// ones they may read (GET /api/gamification/scope); the choice goes to the URL.
import { useQuery } from '@tanstack/react-query'
import { useId, type ChangeEvent } from 'react'
import { gamificationQueries } from '../../api/gamification.ts'
import { gamification as t } from '../../i18n/fr/gamification.ts'
import type { GamificationView } from './gamification-params.ts'

export type ProgressPickerProps = {
  view: GamificationView
  onChange: (view: GamificationView) => void
}

export function ProgressPicker({ view, onChange }: ProgressPickerProps) {
  const agentId = useId()
  const teamId = useId()
  const { data: scope } = useQuery(gamificationQueries.scope())
  function handleAgent(event: ChangeEvent<HTMLSelectElement>) {
    const id = Number(event.target.value)
    onChange(id > 0 ? { kind: 'user', userId: id } : { kind: 'none' })
  }
  function handleTeam(event: ChangeEvent<HTMLSelectElement>) {
    const id = Number(event.target.value)
    onChange(id > 0 ? { kind: 'team', teamId: id } : { kind: 'none' })
  }
  return (
    <fieldset className="progress-picker" aria-busy={!scope}>
      <legend>{t.choose.legend}</legend>
      <div className="progress-picker__field">
        <label htmlFor={agentId}>{t.choose.agent}</label>
        <select
          id={agentId}
          value={view.kind === 'user' ? String(view.userId) : ''}
          onChange={handleAgent}
          disabled={!scope}
        >
          <option value="">{t.choose.none}</option>
          {scope?.agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {t.choose.agentOption(agent.firstName, agent.lastName)}
            </option>
          ))}
        </select>
      </div>
      <div className="progress-picker__field">
        <label htmlFor={teamId}>{t.choose.team}</label>
        <select
          id={teamId}
          value={view.kind === 'team' ? String(view.teamId) : ''}
          onChange={handleTeam}
          disabled={!scope || scope.teams.length === 0}
        >
          <option value="">{t.choose.none}</option>
          {scope?.teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
