// The agents of the overview and what each is doing now (docs/domain.md "Activity"): on a call (its
// direction, its lead, for how long), on a lead sheet, idle since, signed out. A lead is a link to its
// sheet. The list keeps the agents in name order: nobody moves on screen when a state changes.
import { Link } from 'react-router-dom'
import { paths } from '../../../contracts/app-paths.ts'
import type { AgentNow } from '../../../contracts/activity.ts'
import { overviewScreen as t } from '../../../i18n/fr/activity.ts'
import { formatClock } from '../../../i18n/format-figures.ts'
import { formatTime } from '../../../i18n/format.ts'
import { personName } from '../../../contracts/person-name.ts'

export type AgentListProps = {
  agents: readonly AgentNow[]
  /** The server's time now (ms), for the running durations. */
  now: number
}

function LeadLink({ lead }: { lead: { uuid: string; name: string } }) {
  return (
    <Link to={paths.lead(lead.uuid)} aria-label={t.openLead(lead.name)}>
      {lead.name}
    </Link>
  )
}

function elapsed(now: number, since: string): string {
  return formatClock((now - Date.parse(since)) / 1000)
}

function AgentDetail({ agent, now }: { agent: AgentNow; now: number }) {
  const { call, lead, since } = agent
  if (call) {
    const started = call.answeredAt ?? call.startedAt
    return (
      <p className="agent-now__detail">
        {call.direction === 'inbound' ? t.inbound : t.outbound}{' '}
        {call.lead ? (
          <>
            {t.withLead} <LeadLink lead={call.lead} />
          </>
        ) : (
          t.unknownLead
        )}
        <br />
        <span className="agent-now__clock">
          {call.answeredAt ? t.talkingFor(elapsed(now, started)) : t.ringingFor(elapsed(now, started))}
        </span>
      </p>
    )
  }
  if (agent.state === 'sheet' && lead)
    return (
      <p className="agent-now__detail">
        <LeadLink lead={lead} />
        {since ? ` ${t.since(formatTime(since))}` : null}
      </p>
    )
  if (agent.state === 'signedOut')
    return <p className="agent-now__detail">{since ? t.lastSeen(formatTime(since)) : null}</p>
  return <p className="agent-now__detail">{since ? t.since(formatTime(since)) : null}</p>
}

export function AgentList({ agents, now }: AgentListProps) {
  if (agents.length === 0) return <p className="activity__empty">{t.noAgents}</p>
  return (
    <ul className="agent-list" aria-label={t.agentsListLabel}>
      {agents.map((agent) => {
        const name = personName(agent)
        return (
          <li key={agent.userId} className={`agent-now agent-now--${agent.state}`}>
            <span className="agent-now__initials" aria-hidden="true">
              {`${agent.firstName.charAt(0)}${agent.lastName.charAt(0)}`.toLocaleUpperCase('fr-FR')}
            </span>
            <div className="agent-now__body">
              <p className="agent-now__name">{name}</p>
              <p className="agent-now__state">{t.states[agent.state]}</p>
              <AgentDetail agent={agent} now={now} />
              <p className="agent-now__today">
                {t.agentToday(agent.today.callsMade + agent.today.callsReceived, agent.today.appointments)}
              </p>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
