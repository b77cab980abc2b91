// One scheduled job (issue #15, docs/domain.md "Scheduled jobs"): what it does, its schedule in words
// and its next run, its last runs, and the administrator's actions on it. A failing job is marked in
// its heading and its border; the state is also said in words, never by colour alone.
import { useId } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { cronMutations } from '../../api/crons.ts'
import { Button } from '../../components/ui/button.tsx'
import type { CronJob } from '../../contracts/crons.ts'
import { cronsScreen as t } from '../../i18n/fr/crons.ts'
import { formatDateTime, formatLongDateTime } from '../../i18n/format.ts'
import { notify } from '../../stores/notifications.ts'
import { CronRuns } from './cron-runs.tsx'

export type CronCardProps = {
  job: CronJob
  onEdit: (key: string) => void
}

export function CronCard({ job, onEdit }: CronCardProps) {
  const titleId = useId()
  const queryClient = useQueryClient()
  const pause = useMutation(cronMutations.pause(queryClient))
  const resume = useMutation(cronMutations.resume(queryClient))
  const runNow = useMutation(cronMutations.runNow(queryClient))
  const failing = job.failingSince !== null

  function handlePauseOrResume() {
    const change = job.paused ? resume : pause
    change.mutate(
      { key: job.key, version: job.version },
      {
        onSuccess: () =>
          notify({
            kind: 'success',
            message: job.paused ? t.resumedNotice(job.name) : t.pausedNotice(job.name),
          }),
      },
    )
  }

  function handleRunNow() {
    // Issue #30: a run in progress goes on; the asked one starts when it ends (the screen says so).
    const running = job.runs[0]?.outcome === 'running'
    runNow.mutate(job.key, {
      onSuccess: () =>
        notify({
          kind: 'success',
          message: running ? t.queuedAfterRunning(job.name) : t.queuedNotice(job.name),
        }),
    })
  }

  const nextRun = job.paused
    ? t.nextRunPaused
    : job.nextRunAt
      ? formatLongDateTime(job.nextRunAt)
      : t.nextRunUnknown
  return (
    <section
      className={`cron-card${failing ? ' cron-card--failing' : ''}${job.paused ? ' cron-card--paused' : ''}`}
      aria-labelledby={titleId}
    >
      <header className="cron-card__header">
        <h2 id={titleId} className="cron-card__title">
          {job.name}
        </h2>
        {failing ? <span className="cron-card__badge cron-card__badge--failing">{t.failing}</span> : null}
        {job.paused ? <span className="cron-card__badge cron-card__badge--paused">{t.paused}</span> : null}
      </header>
      <p className="cron-card__description">{job.description}</p>
      {failing ? (
        <p className="cron-card__alert" role="note">
          {t.failingSince(formatDateTime(job.failingSince!))}
        </p>
      ) : null}
      <dl className="cron-card__facts">
        <div>
          <dt>{t.schedule}</dt>
          <dd>
            {job.words} <code className="cron-card__cron">{job.cron}</code>
          </dd>
        </div>
        <div>
          <dt>{t.nextRun}</dt>
          <dd>{nextRun}</dd>
        </div>
      </dl>
      <div className="cron-card__actions">
        <Button variant="secondary" busy={pause.isPending || resume.isPending} onClick={handlePauseOrResume}>
          {job.paused ? t.resume : t.pause}
        </Button>
        <Button variant="secondary" busy={runNow.isPending} onClick={handleRunNow}>
          {t.runNow}
        </Button>
        <Button variant="secondary" onClick={() => onEdit(job.key)}>
          {t.edit}
        </Button>
      </div>
      <h3 className="cron-card__runs-title">{t.runs}</h3>
      <CronRuns jobName={job.name} runs={job.runs} />
    </section>
  )
}
