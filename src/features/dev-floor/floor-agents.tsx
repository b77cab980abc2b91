// What each virtual teleoperator is doing now; the table scrolls inside its box on a narrow screen.
import type { FloorAgent } from '../../contracts/dev-floor.ts'
import { floorScreen as t } from '../../i18n/fr/dev-floor.ts'
import { formatInteger } from '../../i18n/format.ts'

export type FloorAgentsProps = { agents: FloorAgent[] }

export function FloorAgents({ agents }: FloorAgentsProps) {
  return (
    <section aria-labelledby="dev-floor-agents">
      <h2 id="dev-floor-agents">{t.agentsTitle}</h2>
      <div className="dev-floor__table" tabIndex={0} role="region" aria-labelledby="dev-floor-agents">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.columns.agent}</th>
              <th scope="col">{t.columns.activity}</th>
              <th scope="col">{t.columns.lead}</th>
              <th scope="col">{t.columns.calls}</th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.userId}>
                <th scope="row">{agent.name}</th>
                <td>{t.activities[agent.activity]}</td>
                <td>{agent.leadId ?? t.noLead}</td>
                <td>{formatInteger(agent.calls)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
