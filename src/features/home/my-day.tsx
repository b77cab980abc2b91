// "Ma journée" (issue #14, spec §2 home of a call-capable user): today's calls and appointments, the
// experience earned today, the level and its progress, the tentacalls running and the recalls due.
// Kept small: it is the only gamification code of /home's first visit. Live: the live channel
// refetches it on an experience, badge or tentacall signal, a call change and an outcome
// (src/live/live-events.ts).
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { gamificationQueries } from '../../api/gamification.ts'
import { AwardIcon } from '../../components/ui/award-icon.tsx'
import { paths } from '../../contracts/app-paths.ts'
import { formatInteger } from '../../i18n/format.ts'
import { myDay as t } from '../../i18n/fr/my-day.ts'
import './my-day.css'

export function MyDay() {
  const titleId = useId()
  const { data: day, isError } = useQuery(gamificationQueries.myDay())
  return (
    <section className="my-day" aria-labelledby={titleId} aria-busy={!day && !isError}>
      <h2 id={titleId} className="my-day__title">
        {t.title}
      </h2>
      {day ? (
        <>
          <dl className="my-day__figures">
            <div>
              <dt>{t.calls}</dt>
              <dd>
                {formatInteger(day.callsMade + day.callsReceived)}{' '}
                <span className="my-day__detail">{t.answered(day.answered)}</span>
              </dd>
            </div>
            <div>
              <dt>{t.appointments}</dt>
              <dd>{formatInteger(day.appointments)}</dd>
            </div>
            <div>
              <dt>{t.experienceToday}</dt>
              <dd>{t.gained(formatInteger(day.experiencePointsToday), day.experiencePointsToday > 0)}</dd>
            </div>
            <div>
              <dt>{t.recallsDue}</dt>
              <dd>
                {/* Issue #29: the count opens "Mes rappels". */}
                <Link to={paths.myRecalls()} aria-label={t.recallsLink(formatInteger(day.recallsDue))}>
                  {formatInteger(day.recallsDue)}
                </Link>
              </dd>
            </div>
          </dl>
          <p className="my-day__level">
            <strong>{t.level(day.level.level)}</strong>{' '}
            {t.levelRemaining(
              formatInteger(day.level.nextLevelXp - day.experiencePoints),
              day.level.level + 1,
            )}
          </p>
          <progress
            className="my-day__progress"
            aria-label={t.levelProgress(day.level.level + 1)}
            value={day.experiencePoints - day.level.levelXp}
            max={day.level.nextLevelXp - day.level.levelXp}
          />
          <h3 className="my-day__subtitle">{t.tentacallsTitle}</h3>
          <ul className="my-day__tentacalls">
            {day.tentacalls.map((tentacall) => (
              <li key={tentacall.id}>
                <AwardIcon name={tentacall.icon} /> {t.tentacall(tentacall.name, tentacall.current)}{' '}
                <span className="my-day__detail">({t.record(tentacall.record)})</span>
              </li>
            ))}
          </ul>
          <Link to={paths.activityGamification()}>{t.progressLink}</Link>
        </>
      ) : (
        <p>{isError ? t.failed : t.loading}</p>
      )}
    </section>
  )
}
