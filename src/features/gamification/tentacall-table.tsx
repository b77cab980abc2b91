// Tentacalls: the series running now, the record, the next milestone and how often it was awarded.
import type { TentacallState } from '../../contracts/gamification.ts'
import { AwardIcon } from '../../components/ui/award-icon.tsx'
import { formatList } from '../../i18n/format.ts'
import { gamification as t } from '../../i18n/fr/gamification.ts'

export type TentacallTableProps = { tentacalls: TentacallState[] }

export function TentacallTable({ tentacalls }: TentacallTableProps) {
  const s = t.tentacalls
  return (
    <section className="gamification__section" aria-labelledby="tentacalls-heading">
      <h2 id="tentacalls-heading">{s.heading}</h2>
      <div className="gamification__table-box">
        <table className="gamification__table">
          <caption>{s.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{s.name}</th>
              <th scope="col">{s.current}</th>
              <th scope="col">{s.record}</th>
              <th scope="col">{s.nextMilestone}</th>
              <th scope="col">{s.awarded}</th>
            </tr>
          </thead>
          <tbody>
            {tentacalls.map((tentacall) => (
              <tr key={tentacall.id}>
                <th scope="row">
                  <AwardIcon name={tentacall.icon} /> {tentacall.name}
                  <span className="gamification__hint">{tentacall.description}</span>
                  <span className="gamification__hint">
                    {s.milestones(formatList(tentacall.milestones.map(String)))}
                  </span>
                </th>
                <td>{tentacall.current}</td>
                <td>{tentacall.record}</td>
                <td>{tentacall.nextMilestone}</td>
                <td>{s.awardedTimes(tentacall.awarded)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
