// /backoffice/marches (issue #12 "Markets"): the markets of one mission (chosen in the URL, `mission`)
// or of all, searchable and paginated; adding one to the chosen mission; editing and deleting in place.
import { useId } from 'react'
import { useDelayedSearch } from '../../../components/ui/use-delayed-search.ts'
import { useUrlFilters } from '../../../components/ui/use-url-view.ts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { marketMutations, marketQueries } from '../../../api/markets.ts'
import { missionQueries } from '../../../api/missions.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import type { MarketListQuery } from '../../../contracts/markets.ts'
import { marketForm, marketsScreen as t, screenTitles } from '../../../i18n/fr/backoffice-missions.ts'
import { notify } from '../../../stores/notifications.ts'
import { MarketEditor } from './market-editor.tsx'
import { MarketList } from './market-list.tsx'
import './markets.css'

export const MARKET_PAGE_SIZE = 25

/** The list query the URL describes (also the route loader's). */
export function marketQueryOf(params: URLSearchParams): MarketListQuery {
  const missionId = Number(params.get('mission'))
  const page = Number(params.get('page'))
  return {
    missionId: Number.isInteger(missionId) && missionId > 0 ? missionId : undefined,
    search: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: MARKET_PAGE_SIZE,
  }
}

/** The missions to choose from: the first 100, archived ones included (their markets stay visible). */
export const MISSION_CHOICES = { includeArchived: true, pageSize: 100 } as const

export function MarketsScreen() {
  const queryClient = useQueryClient()
  const [params, changeFilters] = useUrlFilters()
  const query = marketQueryOf(params)
  const list = useQuery(marketQueries.list(query))
  const missions = useQuery(missionQueries.list(MISSION_CHOICES))
  const create = useMutation(marketMutations.create(queryClient))
  const [search, handleSearch] = useDelayedSearch(query.search ?? '', (value) => update({ q: value }))
  const missionSelect = useId()
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / MARKET_PAGE_SIZE))
  const page = query.page ?? 1
  const mission = missions.data?.items.find((item) => item.id === query.missionId)

  function update(changes: Record<string, string | undefined>) {
    changeFilters(changes, { replace: 'q' in changes })
  }

  return (
    <div className="markets-screen">
      <ScreenTitle title={screenTitles.backofficeMarkets} />
      <p>{t.intro}</p>
      <div className="markets-screen__filters">
        <div className="text-field">
          <label className="text-field__label" htmlFor={missionSelect}>
            {t.mission}
          </label>
          <select
            id={missionSelect}
            className="text-field__input"
            value={query.missionId ?? ''}
            onChange={(event) => update({ mission: event.target.value })}
          >
            <option value="">{t.allMissions}</option>
            {missions.data?.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          type="search"
          label={t.search}
          name="marketSearch"
          value={search}
          onChange={handleSearch}
          autoComplete="off"
        />
      </div>
      {mission && mission.archivedAt === null ? (
        <section aria-labelledby="market-create-title">
          <h2 id="market-create-title">{marketForm.createTitle}</h2>
          <MarketEditor
            key={mission.id}
            onSave={async (values) => {
              const market = await create.mutateAsync({ missionId: mission.id, ...values })
              notify({ kind: 'success', message: marketForm.created(market.name) })
            }}
          />
        </section>
      ) : query.missionId === undefined ? (
        <p>{marketForm.chooseMission}</p>
      ) : null}
      {list.data === undefined ? (
        <p role={list.isError ? 'alert' : 'status'}>
          {list.isError ? apiErrorMessage(list.error, t.loadFailed) : t.loading}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="markets-screen__empty">{query.missionId ? t.emptyMission : t.empty}</p>
      ) : (
        <>
          <div className="markets-screen__scroll">
            <MarketList
              markets={list.data.items}
              showMission={query.missionId === undefined}
              readOnly={mission?.archivedAt ? true : false}
            />
          </div>
          <nav className="markets-screen__filters" aria-label={t.tableLabel}>
            <span>{t.total(list.data.total)}</span>
            <Button
              variant="secondary"
              disabled={page <= 1}
              onClick={() => update({ page: String(page - 1) })}
            >
              {t.previous}
            </Button>
            <span>{t.page(Math.min(page, pages), pages)}</span>
            <Button
              variant="secondary"
              disabled={page >= pages}
              onClick={() => update({ page: String(page + 1) })}
            >
              {t.next}
            </Button>
          </nav>
        </>
      )}
    </div>
  )
}
