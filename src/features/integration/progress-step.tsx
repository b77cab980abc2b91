// Step 5 of /integration/integrate (issue #13 "Import as a background job"): the live bar. Each
// signal of `user:{id}:importProgress` carries rows done, rows per second and time left (kept in the
// query cache by src/live/live-events.ts, which also refetches this import); before the first
// signal, the import's own counts. The page can be left: the import goes on.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { importProgressQueries } from '../../api/import-progress.ts'
import { importMutations } from '../../api/imports.ts'
import { Button } from '../../components/ui/button.tsx'
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx'
import type { ImportDetail } from '../../contracts/imports.ts'
import { cancelDialog } from '../../i18n/fr/integration-history.ts'
import { formatDuration, progressStep as t } from '../../i18n/fr/integration.ts'
import { StepHeading } from './step-heading.tsx'

export type ProgressStepProps = { detail: ImportDetail; focus: boolean }

export function ProgressStep({ detail, focus }: ProgressStepProps) {
  const queryClient = useQueryClient()
  const latest = useQuery(importProgressQueries.latest())
  const cancel = useMutation(importMutations.cancel(queryClient))
  const [asking, setAsking] = useState(false)
  const signal = latest.data?.importId === detail.id ? latest.data : null
  const total = signal?.totalRows || detail.totalRows
  const done = Math.min(total, Math.max(signal?.rowsDone ?? 0, detail.rowsDone))
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0
  return (
    <section className="integration__step" aria-labelledby="import-progress-heading">
      <StepHeading id="import-progress-heading" focus={focus}>
        {t.heading}
      </StepHeading>
      <progress className="integration__bar" max={Math.max(total, 1)} value={done} aria-label={t.barLabel} />
      <div role="status" aria-live="polite" className="integration__progress-text">
        {detail.state === 'queued' && done === 0 ? (
          <p>{t.queued}</p>
        ) : (
          <>
            <p>{t.rows(done, total, percent)}</p>
            {signal === null ? null : <p>{t.speed(signal.rowsPerSecond)}</p>}
            <p>
              {signal?.secondsLeft == null ? t.timeUnknown : t.timeLeft(formatDuration(signal.secondsLeft))}
            </p>
          </>
        )}
      </div>
      <p>{t.leave}</p>
      <div className="integration__actions">
        <Button variant="danger" onClick={() => setAsking(true)}>
          {t.cancel}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={cancelDialog.title(detail.fileName)}
        message={cancelDialog.message}
        confirmLabel={cancelDialog.confirm}
        cancelLabel={cancelDialog.cancel}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: detail.id }, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      />
    </section>
  )
}
