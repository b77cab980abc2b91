// The lead's history, newest first as the server sends it (docs/domain.md "Leads", Reading): each
// entry says when, what and who, then what it told (an outcome's name, the date chosen, the notes,
// the comment) and the call it belongs to; a call nobody recorded an outcome for is an entry of its
// own (issue #11).
import { useQuery } from '@tanstack/react-query'
import { leadQueries } from '../../api/leads.ts'
import type { LeadEvent, LeadEventCall } from '../../contracts/lead.ts'
import { fr } from '../../i18n/fr.ts'
import { formatDateTime, formatLongDateTime } from '../../i18n/format.ts'
import type { SmsStatus, SmsTemplateKey } from '../../contracts/sms.ts'
import { smsHistory, smsStatuses, smsTemplateNames } from '../../i18n/fr/sms.ts'
import { personName } from '../../contracts/person-name.ts'

export type LeadHistoryProps = { leadId: number }

const t = fr.leads.sheet
const details = t.historyDetails

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null)
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {}

/** The outcome's name for an outcome (the corrected one after a correction), else null. */
function titleOf(event: LeadEvent): string | null {
  if (event.kind !== 'tag') return null
  return event.data.corrected ? text(record(event.data.after).label) : text(event.data.label)
}

/** What the entry tells beyond its title, one line each. */
function detailsOf(event: LeadEvent): string[] {
  const { data } = event
  const lines: string[] = []
  const date = (value: unknown) => {
    const iso = text(value)
    return iso && !Number.isNaN(Date.parse(iso)) ? formatLongDateTime(iso) : null
  }
  switch (event.kind) {
    case 'tag': {
      if (data.corrected) {
        const before = text(record(data.before).label)
        if (before) lines.push(details.corrected(before))
        const recall = date(record(data.after).recallAt)
        if (recall) lines.push(details.recallAt(recall))
        break
      }
      const recall = date(data.recallAt)
      if (recall) lines.push(details.recallAt(recall))
      const notes = text(data.details)
      if (notes) lines.push(details.notes(notes))
      const comment = text(data.comment)
      if (comment) lines.push(details.comment(comment))
      break
    }
    case 'appointment': {
      const slot = date(data.startsAt)
      if (slot)
        lines.push(data.action === 'moved' ? details.appointmentMoved(slot) : details.appointmentBooked(slot))
      break
    }
    case 'comment': {
      const comment = text(data.comment)
      lines.push(comment ? details.comment(comment) : details.noComment)
      break
    }
    case 'assignment':
      if (data.action === 'assigned') lines.push(details.assigned)
      else if (data.action === 'released') {
        lines.push(details.released)
        // The holder's own words when they handed the lead back (issue #11).
        const reason = text(data.comment)
        if (reason) lines.push(details.releaseReason(reason))
      }
      break
    case 'update': {
      const count = Object.keys(record(data.changes)).length
      if (count) lines.push(details.updated(count))
      break
    }
    case 'sms': {
      // Issue #15: the template sent and how the send began (queued, or refused with its reason).
      const template = smsTemplateNames[data.template as SmsTemplateKey] as string | undefined
      if (template) lines.push(smsHistory.template(template))
      const status = smsStatuses[data.status as SmsStatus] as string | undefined
      if (status) lines.push(smsHistory.status(status))
      break
    }
    case 'call':
      break
  }
  return lines
}

function callLine(call: LeadEventCall): string {
  const c = t.historyCall
  const parts: string[] = [c[call.direction], c[call.outcome]]
  if (call.durationSeconds !== null) parts.push(c.duration(call.durationSeconds))
  return parts.join(' · ')
}

export function LeadHistory({ leadId }: LeadHistoryProps) {
  const { data: events } = useQuery(leadQueries.history(leadId))
  if (!events) return <p>{fr.ui.loading}</p>
  if (events.length === 0) return <p>{t.noHistory}</p>
  return (
    <ol className="lead-history">
      {events.map((event) => {
        const title = titleOf(event)
        const lines = detailsOf(event)
        return (
          // A call without outcome is an entry of its own, numbered as the call (not an event).
          <li key={`${event.kind}:${event.id}`} className="lead-history__item">
            <p className="lead-history__head">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              {' · '}
              {t.eventKinds[event.kind]}
              {' · '}
              {event.user ? personName(event.user) : t.system}
            </p>
            {title ? <p className="lead-history__title">{title}</p> : null}
            {lines.map((line) => (
              <p key={line} className="lead-history__detail">
                {line}
              </p>
            ))}
            {event.call ? <p className="lead-history__call">{callLine(event.call)}</p> : null}
          </li>
        )
      })}
    </ol>
  )
}
