// The lead's history, newest first as the server sends it (docs/domain.md "Leads", Reading).
import { useQuery } from '@tanstack/react-query'
import { leadQueries } from '../../api/leads.ts'
import { fr } from '../../i18n/fr.ts'
import { formatDateTime } from '../../i18n/format.ts'

export type LeadHistoryProps = { leadId: number }

const t = fr.leads.sheet

export function LeadHistory({ leadId }: LeadHistoryProps) {
  const { data: events } = useQuery(leadQueries.history(leadId))
  if (!events) return <p>{fr.ui.loading}</p>
  if (events.length === 0) return <p>{t.noHistory}</p>
  return (
    <ol className="lead-history">
      {events.map((event) => (
        <li key={event.id} className="lead-history__item">
          <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          {' · '}
          {t.eventKinds[event.kind]}
          {' · '}
          {event.user ? `${event.user.firstName} ${event.user.lastName}` : t.system}
        </li>
      ))}
    </ol>
  )
}
