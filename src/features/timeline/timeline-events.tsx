// The day's events in time order: the time, what happened, the lead (a link to its sheet) or its
// number, and what the event says more (duration, outcome, appointment, comment).
import { Link } from 'react-router-dom'
import { paths } from '../../contracts/app-paths.ts'
import type { TimelineEvent } from '../../contracts/timeline.ts'
import { formatDuration } from '../../i18n/format-figures.ts'
import { formatAgendaSlot, formatTime } from '../../i18n/format.ts'
import { eventWords, timelineScreen as t } from '../../i18n/fr/timeline.ts'
import { PhoneNumber } from '../../components/ui/phone-number.tsx'
import { personName } from '../../contracts/person-name.ts'

const words = (event: TimelineEvent) =>
  eventWords(event, { duration: formatDuration, slot: formatAgendaSlot })

function Concerned({ event }: { event: TimelineEvent }) {
  if (event.lead) {
    const name = personName(event.lead)
    return (
      <span className="timeline-event__lead">
        <Link to={paths.lead(event.lead.uuid)} aria-label={t.openLead(name)}>
          {name}
        </Link>{' '}
        <PhoneNumber className="timeline-event__phone" phone={event.phone ?? event.lead.phone} />
      </span>
    )
  }
  if (event.leadHidden) return <span className="timeline-event__lead">{t.hiddenLead}</span>
  if (event.phone) return <PhoneNumber className="timeline-event__phone" phone={event.phone} />
  return null
}

export function TimelineEvents({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="timeline-events">
      {events.map((event) => {
        const { title, detail } = words(event)
        return (
          <li key={event.id} className={`timeline-event timeline-event--${event.kind}`}>
            <time className="timeline-event__time" dateTime={event.at}>
              {formatTime(event.at)}
            </time>
            <div className="timeline-event__body">
              <span className="timeline-event__title">{title}</span>
              <Concerned event={event} />
              {detail ? <span className="timeline-event__detail">{detail}</span> : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
