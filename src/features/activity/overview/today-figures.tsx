// Today's figures of the agents shown (docs/domain.md "Activity"): calls made and received, the answered
// rate, talk time, appointments, leads processed, and how many agents are working.
import { deriveFigures } from '../../../contracts/activity-periods.ts'
import type { ActivityCountsBody } from '../../../contracts/activity.ts'
import { activityCommon, overviewScreen } from '../../../i18n/fr/activity.ts'
import { formatCount, formatDuration, formatRate } from '../../../i18n/format-figures.ts'

export type TodayFiguresProps = {
  today: ActivityCountsBody
  working: number
  agents: number
}

export function TodayFigures({ today, working, agents }: TodayFiguresProps) {
  const derived = deriveFigures(today)
  const f = activityCommon.figures
  const tiles: [string, string][] = [
    [f.calls, formatCount(derived.calls)],
    [f.answeredRate, formatRate(derived.answeredRate, activityCommon.none)],
    [f.talkTime, formatDuration(today.talkSeconds)],
    [f.appointments, formatCount(today.appointments)],
    [f.leadsProcessed, formatCount(today.leadsProcessed)],
  ]
  return (
    <>
      <p className="activity__working">{overviewScreen.working(working, agents)}</p>
      <dl className="figure-tiles">
        {tiles.map(([label, value]) => (
          <div key={label} className="figure-tile">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}
