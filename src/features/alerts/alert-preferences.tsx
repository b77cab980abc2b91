// What the user wants to be alerted about (preferences `badges` and `tentacalls`, spec §3): for a
// manager or an administrator, also the badges and tentacalls of the people they follow
// (docs/domain.md "Alerts (push)"). Saved at once; queued while offline (userMutations).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { userMutations } from '../../api/users.ts'
import type { Me } from '../../contracts/user.ts'
import { fr } from '../../i18n/fr.ts'

const t = fr.alerts.panel
const KEYS = ['badges', 'tentacalls'] as const

export type AlertPreferencesProps = {
  preferences: Me['preferences']
}

export function AlertPreferences({ preferences }: AlertPreferencesProps) {
  const queryClient = useQueryClient()
  const setPreference = useMutation(userMutations.setPreference(queryClient))
  return (
    <fieldset className="alerts-panel__preferences">
      <legend>{t.preferencesTitle}</legend>
      {KEYS.map((key) => (
        <label key={key} className="alerts-panel__preference">
          <input
            type="checkbox"
            checked={preferences[key]}
            onChange={(event) => setPreference.mutate({ key, value: event.target.checked })}
          />
          {t.preferences[key]}
        </label>
      ))}
    </fieldset>
  )
}
