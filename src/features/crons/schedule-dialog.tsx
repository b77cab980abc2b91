// Editing a job's schedule (issue #15, docs/domain.md "Scheduled jobs"): the expression is checked as
// it is typed (the same rules as the server, src/contracts/cron-schedule.ts) and read in words; once
// typing pauses, the server previews the next five runs with the job engine's own parser. Saving
// sends the version the dialog opened with: a concurrent change is refused (409) and shown here.
import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { cronMutations, cronQueries } from '../../api/crons.ts'
import { apiErrorMessage, fieldErrorMessage } from '../../api/error-message.ts'
import { Button } from '../../components/ui/button.tsx'
import { Modal } from '../../components/ui/modal.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import { checkCron } from '../../contracts/cron-schedule.ts'
import type { CronJob } from '../../contracts/crons.ts'
import { cronScheduleDialog as t } from '../../i18n/fr/crons.ts'
import { formatLongDateTime } from '../../i18n/format.ts'
import { notify } from '../../stores/notifications.ts'
import { useSettledValue } from '../../components/ui/use-settled-value.ts'

const PREVIEW_DELAY_MS = 250

export type ScheduleDialogProps = {
  job: CronJob
  onClose: () => void
}

/** `cron`: the expression once typing paused; `shown`: the one in the field (older answers wait). */
function NextRuns({ jobKey, cron, shown }: { jobKey: string; cron: string; shown: string }) {
  const preview = useQuery(cronQueries.preview(jobKey, cron))
  if (preview.isError) return <p role="alert">{apiErrorMessage(preview.error, t.failed)}</p>
  const current = preview.data?.cron === shown ? preview.data : null
  return (
    <div className="schedule-dialog__runs" aria-busy={current === null}>
      <h3 className="schedule-dialog__runs-title">{t.nextRuns}</h3>
      {current ? (
        <ol>
          {current.nextRuns.map((at) => (
            <li key={at}>{formatLongDateTime(at)}</li>
          ))}
        </ol>
      ) : (
        <p>{t.previewLoading}</p>
      )}
    </div>
  )
}

/** Mounted while open, so each opening starts from the job's current schedule. */
export function ScheduleDialog({ job, onClose }: ScheduleDialogProps) {
  const queryClient = useQueryClient()
  const save = useMutation(cronMutations.schedule(queryClient))
  const [cron, setCron] = useState(job.cron)
  const inputRef = useRef<HTMLInputElement>(null)
  const checked = checkCron(cron)
  const settled = useSettledValue(checked.ok ? checked.expression : null, PREVIEW_DELAY_MS)

  function handleChange(value: string) {
    if (save.isError) save.reset()
    setCron(value)
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!checked.ok) return
    save.mutate(
      { key: job.key, cron: checked.expression, version: job.version },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: t.saved(job.name) })
          onClose()
        },
      },
    )
  }

  const fieldError = checked.ok ? fieldErrorMessage(save.error, 'cron') : checked.message
  const saveError = save.isError && !fieldError ? apiErrorMessage(save.error, t.failed) : null
  return (
    <Modal open onClose={onClose} title={t.title(job.name)} initialFocusRef={inputRef}>
      <form className="schedule-dialog" onSubmit={handleSubmit} noValidate>
        <TextField
          ref={inputRef}
          label={t.field}
          name="cron"
          value={cron}
          onChange={handleChange}
          error={fieldError}
          autoComplete="off"
          required
        />
        <p className="schedule-dialog__hint">{t.hint}</p>
        <p className="schedule-dialog__hint">
          {t.defaultIs(job.defaultCron)}{' '}
          {cron.trim() !== job.defaultCron ? (
            <button
              type="button"
              className="schedule-dialog__link"
              onClick={() => handleChange(job.defaultCron)}
            >
              {t.restoreDefault}
            </button>
          ) : null}
        </p>
        <div aria-live="polite">
          {checked.ok ? (
            <p className="schedule-dialog__words">
              {t.reads} <strong>{checked.words}</strong>
            </p>
          ) : null}
          {checked.ok && settled !== null ? (
            <NextRuns jobKey={job.key} cron={settled} shown={checked.expression} />
          ) : null}
        </div>
        {saveError ? (
          <p role="alert" className="schedule-dialog__error">
            {saveError}
          </p>
        ) : null}
        <div className="schedule-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" busy={save.isPending} disabled={!checked.ok}>
            {t.save}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
