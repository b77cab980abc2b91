// Step 6 of /integration/integrate (issue #13 "A report at the end"): imported, updated, skipped
// duplicates, rejected rows, and the rejected rows as a CSV with their reason, ready to fix and
// re-import.
import { Link } from 'react-router-dom'
import { importDownloads } from '../../api/imports.ts'
import { paths } from '../../contracts/app-paths.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { formatDuration, integrateScreen, reportStep as t } from '../../i18n/fr/integration.ts'
import { StepHeading } from './step-heading.tsx'

export type ReportStepProps = { detail: ImportDetail; focus: boolean }

export function ReportStep({ detail, focus }: ReportStepProps) {
  return (
    <section className="integration__step" aria-labelledby="import-report-heading">
      <StepHeading id="import-report-heading" focus={focus}>
        {t.heading}
      </StepHeading>
      {detail.state === 'failed' ? (
        <p role="alert" className="integration__error">
          {detail.error === null ? integrateScreen.failedUnknown : integrateScreen.failed(detail.error)}
        </p>
      ) : null}
      {detail.state === 'cancelled' ? <p>{t.cancelled}</p> : null}
      {detail.state === 'undone' ? <p>{t.undone}</p> : null}
      <ul className="integration__counts">
        <li className="is-valid">{t.imported(detail.importedCount)}</li>
        <li>{t.updated(detail.updatedCount)}</li>
        <li>{t.skipped(detail.skippedCount)}</li>
        <li className={detail.rejectedCount > 0 ? 'is-error' : undefined}>
          {t.rejected(detail.rejectedCount)}
        </li>
        {detail.warningRows > 0 ? <li>{t.warnings(detail.warningRows)}</li> : null}
      </ul>
      {detail.durationMs === null ? null : <p>{t.duration(formatDuration(detail.durationMs / 1000))}</p>}
      <div className="integration__actions">
        {detail.rejectedCount + detail.skippedCount > 0 ? (
          <a className="button button--secondary" href={importDownloads.rejected(detail.id)} download>
            {t.downloadRejected}
          </a>
        ) : null}
        <Link to={paths.integrationHistory()}>{t.history}</Link>
      </div>
    </section>
  )
}
