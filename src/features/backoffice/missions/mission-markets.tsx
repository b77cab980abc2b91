// A mission's markets on its panel (issue #12 "Markets"): the list, editable in place, and the form
// adding one; the markets page shows the same across missions.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { marketMutations } from '../../../api/markets.ts'
import type { Mission } from '../../../contracts/missions.ts'
import { marketForm, missionDetail as t } from '../../../i18n/fr/backoffice-missions.ts'
import { notify } from '../../../stores/notifications.ts'
import { MarketEditor } from '../markets/market-editor.tsx'
import { MarketList } from '../markets/market-list.tsx'

export function MissionMarkets({ mission }: { mission: Mission }) {
  const queryClient = useQueryClient()
  const create = useMutation(marketMutations.create(queryClient))
  const archived = mission.archivedAt !== null
  return (
    <section aria-labelledby="mission-markets-title" className="mission-detail__markets">
      <h3 id="mission-markets-title">{t.markets}</h3>
      {mission.markets.length > 0 ? <MarketList markets={mission.markets} readOnly={archived} /> : null}
      {archived ? null : (
        <MarketEditor
          onSave={async (values) => {
            const market = await create.mutateAsync({ missionId: mission.id, ...values })
            notify({ kind: 'success', message: marketForm.created(market.name) })
          }}
        />
      )}
      <Link to={`/backoffice/marches?mission=${mission.id}`}>{t.allMarkets}</Link>
    </section>
  )
}
