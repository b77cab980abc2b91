// The team filter of both activity screens: every team (administrators) or every team one manages.
import { useId } from 'react'
import type { ActivityChoice } from '../../contracts/activity.ts'
import { activityCommon as t } from '../../i18n/fr/activity.ts'

export type TeamSelectProps = {
  teams: readonly ActivityChoice[]
  value: number | null
  /** Administrators: "Toutes les équipes"; managers: "Toutes mes équipes". */
  isAdmin: boolean
  onChange: (teamId: number | null) => void
}

export function TeamSelect({ teams, value, isAdmin, onChange }: TeamSelectProps) {
  const id = useId()
  return (
    <div className="activity-field">
      <label htmlFor={id}>{t.team}</label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{isAdmin ? t.allTeams : t.allMyTeams}</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </div>
  )
}
