// Each mission's queue (docs/domain.md "Activity"): leads left to hand out, recalls due (of which
// overdue), leads expiring within 7 days. A table that scrolls in its own box on a narrow tablet.
import type { MissionQueue } from '../../../contracts/activity.ts'
import { overviewScreen as t } from '../../../i18n/fr/activity.ts'
import { formatCount } from '../../../i18n/format-figures.ts'

export type MissionQueuesProps = { missions: readonly MissionQueue[] }

export function MissionQueues({ missions }: MissionQueuesProps) {
  if (missions.length === 0) return <p className="activity__empty">{t.noMissions}</p>
  const c = t.queueColumns
  return (
    <div className="activity-table__scroll">
      <table className="activity-table" aria-label={t.queuesLabel}>
        <thead>
          <tr>
            <th scope="col">{c.mission}</th>
            <th scope="col">{c.toHandOut}</th>
            <th scope="col">{c.recallsDue}</th>
            <th scope="col">{c.recallsOverdue}</th>
            <th scope="col">{c.expiringSoon}</th>
          </tr>
        </thead>
        <tbody>
          {missions.map((mission) => (
            <tr key={mission.id}>
              <th scope="row">
                <span className="mission-dot" style={{ background: mission.color }} aria-hidden="true" />
                {mission.name}
              </th>
              <td>{formatCount(mission.toHandOut)}</td>
              <td>{formatCount(mission.recallsDue)}</td>
              <td className={mission.recallsOverdue > 0 ? 'is-warning' : undefined}>
                {formatCount(mission.recallsOverdue)}
              </td>
              <td className={mission.expiringSoon > 0 ? 'is-warning' : undefined}>
                {formatCount(mission.expiringSoon)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
