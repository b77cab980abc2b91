// /activity/leads-follow-up (issue #14): one mission's pipeline per market, the situations a manager
// acts on, and the leads behind any count; mission, market and list held in the URL
// (docs/domain.md "Timeline and follow-up").
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '../../api/error-message.ts'
import { followUpQueries } from '../../api/follow-up.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import type { FollowUp } from '../../contracts/follow-up.ts'
import {
  followUpList,
  followUpScreen as t,
  followUpStatuses,
  followUpSubstatuses,
  screenTitles,
} from '../../i18n/fr/follow-up.ts'
import { FollowUpFilters } from './follow-up-filters.tsx'
import { FollowUpLeads } from './follow-up-leads.tsx'
import { leadsQueryOf, useFollowUpView, type FollowUpView } from './follow-up-params.ts'
import { AlertCounts, alertLabel, DetailCounts, PipelineTable, type OpenList } from './pipeline.tsx'
import './follow-up.css'

function listTitle(followUp: FollowUp, view: FollowUpView): string {
  const market = followUp.markets.find((item) => item.id === view.marketId)?.name ?? t.allMarkets
  const what =
    view.bucket === 'status'
      ? (followUpStatuses[view.value as keyof typeof followUpStatuses] ?? view.value ?? '')
      : view.bucket === 'substatus'
        ? (followUpSubstatuses[view.value as keyof typeof followUpSubstatuses] ?? view.value ?? '')
        : view.bucket === 'step'
          ? t.step(Number(view.value))
          : view.bucket === 'all' || view.bucket === null
            ? followUpList.all
            : alertLabel(view.bucket, followUp)
  return followUpList.title(what, market)
}

export function FollowUpScreen() {
  const [view, update] = useFollowUpView()
  const pipeline = useQuery(followUpQueries.pipeline(view.missionId ?? undefined))
  // Counts pressed so far: each press focuses the list it opens.
  const [presses, setPresses] = useState(0)
  const followUp = pipeline.data
  const leads = followUp ? leadsQueryOf(view, followUp.mission?.id ?? null) : null

  const handleOpen: OpenList = ({ bucket, value, marketId }) => {
    update({ bucket, value, ...(marketId === undefined ? {} : { marketId }) })
    setPresses((count) => count + 1)
  }

  return (
    <div className="follow-up">
      <ScreenTitle title={screenTitles.activityLeadsFollowUp} />
      {followUp === undefined ? (
        <p role={pipeline.isError ? 'alert' : 'status'}>
          {pipeline.isError ? apiErrorMessage(pipeline.error, t.loadFailed) : t.loading}
        </p>
      ) : followUp.mission === null ? (
        <p>{t.noMission}</p>
      ) : (
        <>
          <FollowUpFilters followUp={followUp} view={view} onChange={update} />
          <AlertCounts followUp={followUp} view={view} onOpen={handleOpen} />
          <PipelineTable followUp={followUp} view={view} onOpen={handleOpen} />
          <DetailCounts followUp={followUp} view={view} onOpen={handleOpen} />
          {leads ? (
            <FollowUpLeads
              params={leads}
              title={listTitle(followUp, view)}
              focusKey={presses}
              onPage={(page) => update({ page })}
            />
          ) : null}
        </>
      )}
    </div>
  )
}
