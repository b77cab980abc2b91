// /activity/teleops-timeline (issue #14, spec §2 and §7): one agent's day as a day bar and a list of
// events, the agent, day and search held in the URL (docs/domain.md "Timeline and follow-up").
import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '../../api/error-message.ts'
import { timelineQueries } from '../../api/timeline.ts'
import { ScreenTitle } from '../../components/ui/page-title.tsx'
import type { Timeline } from '../../contracts/timeline.ts'
import { formatLongDate } from '../../i18n/format.ts'
import { timelineScreen as t, screenTitles } from '../../i18n/fr/timeline.ts'
import { DayBar } from './day-bar.tsx'
import { TimelineEvents } from './timeline-events.tsx'
import { TimelineFilters } from './timeline-filters.tsx'
import { timelineQueryOf, useTimelineView } from './timeline-params.ts'
import './timeline.css'
import { personName } from '../../contracts/person-name.ts'

function TimelineDay({ timeline, searching }: { timeline: Timeline; searching: boolean }) {
  const name = personName(timeline.user)
  return (
    <>
      <section className="timeline__section" aria-labelledby="timeline-bar-title">
        <h2 id="timeline-bar-title">{t.dayOf(name, formatLongDate(`${timeline.day}T12:00:00Z`))}</h2>
        {timeline.total === 0 ? <p>{t.barEmpty}</p> : <DayBar timeline={timeline} />}
      </section>
      <section className="timeline__section" aria-labelledby="timeline-events-title">
        <h2 id="timeline-events-title">{t.eventsTitle}</h2>
        <p role="status">{t.eventsCount(timeline.events.length, timeline.total, searching)}</p>
        {timeline.events.length === 0 ? (
          <p>{searching && timeline.total > 0 ? t.noMatch : t.noEvent}</p>
        ) : (
          <TimelineEvents events={timeline.events} />
        )}
      </section>
    </>
  )
}

const NO_AGENT = { userId: 0, day: '', search: '' }

export function TimelineScreen() {
  const [view, update] = useTimelineView()
  const params = timelineQueryOf(view)
  // No agent chosen: nothing is asked (the query stays disabled).
  const day = useQuery({ ...timelineQueries.day(params ?? NO_AGENT), enabled: params !== null })

  return (
    <div className="timeline">
      <ScreenTitle title={screenTitles.activityTeleopsTimeline} />
      <TimelineFilters view={view} onChange={update} />
      {params === null ? (
        <p>{t.pickAgent}</p>
      ) : day.data === undefined ? (
        <p role={day.isError ? 'alert' : 'status'}>
          {day.isError ? apiErrorMessage(day.error, t.loadFailed) : t.loading}
        </p>
      ) : (
        <TimelineDay timeline={day.data} searching={params.search !== ''} />
      )}
    </div>
  )
}
