// The mission and the market the follow-up shows; each change goes to the URL (and closes the list).
import { useId } from 'react'
import type { FollowUp } from '../../contracts/follow-up.ts'
import { followUpScreen as t } from '../../i18n/fr/follow-up.ts'
import type { FollowUpView } from './follow-up-params.ts'

export type FollowUpFiltersProps = {
  followUp: FollowUp
  view: FollowUpView
  onChange: (changes: Partial<FollowUpView>) => void
}

export function FollowUpFilters({ followUp, view, onChange }: FollowUpFiltersProps) {
  const missionId = useId()
  const marketId = useId()
  return (
    <div className="follow-up__filters" role="group" aria-label={t.filtersLabel}>
      <div className="follow-up__field">
        <label htmlFor={missionId}>{t.mission}</label>
        <select
          id={missionId}
          value={followUp.mission ? String(followUp.mission.id) : ''}
          onChange={(event) => onChange({ missionId: Number(event.target.value) })}
        >
          {followUp.missions.map((mission) => (
            <option key={mission.id} value={mission.id}>
              {mission.name}
            </option>
          ))}
        </select>
      </div>
      <div className="follow-up__field">
        <label htmlFor={marketId}>{t.market}</label>
        <select
          id={marketId}
          value={view.marketId === null ? '' : String(view.marketId)}
          onChange={(event) => onChange({ marketId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t.allMarkets}</option>
          {followUp.markets.map((market) => (
            <option key={market.id} value={market.id}>
              {market.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
