// /activity (issue #14 "Overview", docs/domain.md "Activity"): today for the manager's teams — the
// agents and what they are doing, today's figures, each mission's queue — refetched on the live
// `activity` signal (src/live/activity-refresh.ts), never reloaded. The team filter is in the URL.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { activityQueries } from '../../../api/activity.ts'
import { authQueries } from '../../../api/auth.ts'
import { apiErrorMessage } from '../../../api/error-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ScreenTitle } from '../../../components/ui/page-title.tsx'
import { activityCommon, overviewScreen as t, screenTitles } from '../../../i18n/fr/activity.ts'
import { overviewQueryOf, readOverviewView } from '../activity-params.ts'
import { TeamSelect } from '../team-select.tsx'
import { AgentList } from './agent-list.tsx'
import { MissionQueues } from './mission-queues.tsx'
import { TodayFigures } from './today-figures.tsx'
import { useServerClock } from './use-server-clock.ts'
import '../activity.css'

export function OverviewScreen() {
  const [params, setParams] = useSearchParams()
  const view = readOverviewView(params)
  const { data: me } = useQuery(authQueries.me())
  const overview = useQuery(activityQueries.overview(overviewQueryOf(view)))
  const { data } = overview
  const onCall = data?.agents.some((agent) => agent.state === 'call') ?? false
  const now = useServerClock(data?.now, overview.dataUpdatedAt, onCall)
  const isAdmin = me?.role === 'ADMIN'

  function handleTeamChange(teamId: number | null) {
    setParams(teamId === null ? {} : { team: String(teamId) }, { replace: true })
  }

  return (
    <div className="activity" aria-busy={overview.isFetching}>
      <ScreenTitle title={screenTitles.activityOverview} />
      <p className="activity__intro">{isAdmin ? t.introAdmin : t.intro}</p>
      {overview.isError && !data ? (
        <div className="activity__error" role="alert">
          <p>{apiErrorMessage(overview.error, activityCommon.loadFailed)}</p>
          <Button onClick={() => void overview.refetch()}>{activityCommon.retry}</Button>
        </div>
      ) : null}
      {!data && overview.isPending ? <p role="status">{activityCommon.loading}</p> : null}
      {data ? (
        <>
          <form
            className="activity__filters"
            aria-label={t.filtersLabel}
            onSubmit={(e) => e.preventDefault()}
          >
            <TeamSelect
              teams={data.teams}
              value={view.teamId}
              isAdmin={isAdmin}
              onChange={handleTeamChange}
            />
          </form>
          <section className="activity__section" aria-labelledby="activity-today">
            <h2 id="activity-today">{t.todayTitle}</h2>
            <TodayFigures
              today={data.today}
              agents={data.agents.length}
              working={data.agents.filter((agent) => agent.state !== 'signedOut').length}
            />
          </section>
          <section className="activity__section" aria-labelledby="activity-agents">
            <h2 id="activity-agents">{t.agentsTitle}</h2>
            <AgentList agents={data.agents} now={now} />
          </section>
          <section className="activity__section" aria-labelledby="activity-queues">
            <h2 id="activity-queues">{t.queuesTitle}</h2>
            <MissionQueues missions={data.missions} />
          </section>
        </>
      ) : null}
    </div>
  )
}
