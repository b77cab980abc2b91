// The last runs of a scheduled job (issue #15): start, duration, how it started, result, and what it
// did or why it failed; a run given up because its process died names that process (issue #30). A table in its own scroll box, so a tablet never scrolls the page sideways.
import type { CronRun } from '../../contracts/crons.ts'
import { cronsScreen as t } from '../../i18n/fr/crons.ts'
import { formatDateTime } from '../../i18n/format.ts'

export type CronRunsProps = { jobName: string; runs: readonly CronRun[] }

export function CronRuns({ jobName, runs }: CronRunsProps) {
  if (runs.length === 0) return <p className="cron-card__empty">{t.noRuns}</p>
  return (
    <div className="cron-runs">
      <table className="cron-runs__table" aria-label={`${t.runs} – ${jobName}`}>
        <thead>
          <tr>
            <th scope="col">{t.columns.start}</th>
            <th scope="col">{t.columns.duration}</th>
            <th scope="col">{t.columns.trigger}</th>
            <th scope="col">{t.columns.outcome}</th>
            <th scope="col">{t.columns.detail}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} className={`cron-runs__row cron-runs__row--${run.outcome}`}>
              <td>{formatDateTime(run.startedAt)}</td>
              <td>{t.duration(run.durationMs)}</td>
              <td>{t.triggers[run.trigger]}</td>
              <td>
                <span className={`cron-runs__outcome cron-runs__outcome--${run.outcome}`}>
                  {run.outcome === 'abandoned' ? t.abandoned(run.process) : t.outcomes[run.outcome]}
                </span>
              </td>
              <td className="cron-runs__detail">{run.error ?? run.summary ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
