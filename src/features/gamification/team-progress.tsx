// A team's progress (GET /api/gamification/team/{teamId}): its members by experience, with level,
// badges and the tentacalls running; a member's name opens their own progress.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { gamificationQueries } from '../../api/gamification.ts'
import { AwardIcon } from '../../components/ui/award-icon.tsx'
import { paths } from '../../contracts/app-paths.ts'
import { formatInteger } from '../../i18n/format.ts'
import { gamification as t } from '../../i18n/fr/gamification.ts'
import { writeGamificationView } from './gamification-params.ts'

export type TeamProgressProps = { teamId: number }

export function TeamProgress({ teamId }: TeamProgressProps) {
  const { data, isError } = useQuery(gamificationQueries.team(teamId))
  const s = t.team
  if (!data) return <p role="status">{isError ? t.failed : t.loading}</p>
  return (
    <section className="gamification__section" aria-labelledby="team-heading">
      <h2 id="team-heading">{s.heading(data.name)}</h2>
      {data.members.length === 0 ? (
        <p>{s.empty}</p>
      ) : (
        <div className="gamification__table-box">
          <table className="gamification__table">
            <caption>{s.caption(data.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{s.agent}</th>
                <th scope="col">{s.level}</th>
                <th scope="col">{s.experience}</th>
                <th scope="col">{s.badges}</th>
                <th scope="col">{s.tentacalls}</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((member) => (
                <tr key={member.userId}>
                  <th scope="row">
                    <Link
                      to={`${paths.activityGamification()}?${writeGamificationView({ kind: 'user', userId: member.userId })}`}
                    >
                      {s.openAgent(member.firstName, member.lastName)}
                    </Link>
                  </th>
                  <td>{member.level.level}</td>
                  <td>{formatInteger(member.experiencePoints)}</td>
                  <td>{s.badgeCount(member.badges, data.badgeCount)}</td>
                  <td>
                    <ul className="gamification__inline-list">
                      {member.tentacalls.map((tentacall) => (
                        <li key={tentacall.id}>
                          <AwardIcon name={tentacall.icon} /> {s.tentacall(tentacall.name, tentacall.current)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
