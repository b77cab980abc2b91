// Step 4 of /integration/integrate (issue #13 "Validation preview before anything is written"): the
// whole file's counts, its first rows as they will be imported, the errors grouped by cause (issue
// #31: count, values, lines, the rejected-rows file), the values dropped with a warning, the
// duplicates; nothing is written until "Importer N leads", which stays in view.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { importDownloads, importMutations } from '../../api/imports.ts'
import { Button } from '../../components/ui/button.tsx'
import type { ImportDetail, ImportErrorGroup } from '../../contracts/imports.ts'
import { formatDateTime } from '../../i18n/format.ts'
import { importTargets, previewStep as t, targetStep } from '../../i18n/fr/integration.ts'
import { DiscardImport } from './discard-import.tsx'
import { IMPORT_TARGETS } from './import-draft.ts'
import { StepHeading } from './step-heading.tsx'

export type PreviewStepProps = { detail: ImportDetail; focus: boolean; onEdit: () => void }

/** The preview's columns: the lead fields in form order, then metadata keys as the file names them. */
function previewColumns(detail: ImportDetail): string[] {
  const keys = new Set(detail.previewRows.flatMap((row) => Object.keys(row.values)))
  const fields = IMPORT_TARGETS.filter((target) => keys.has(target))
  return [...fields, ...[...keys].filter((key) => !fields.some((field) => field === key))]
}

/** A cell as a French reader expects it: the meet-request date comes as an ISO instant. */
function cellOf(key: string, value: string | undefined): string {
  if (value === undefined) return ''
  return key === 'meetRequestDate' && !Number.isNaN(Date.parse(value)) ? formatDateTime(value) : value
}

const labelOf = (key: string) =>
  key in importTargets ? importTargets[key as keyof typeof importTargets] : key

/** Values and lines a group shows (the server keeps 20 values and 50 lines at most). */
const GROUP_VALUES = 20
const GROUP_LINES = 50

function ErrorGroup({ group }: { group: ImportErrorGroup }) {
  return (
    <details className="integration__cause">
      <summary>{t.errorGroup(group.count, group.cause)}</summary>
      {group.column ? <p>{t.errorGroupColumn(group.column)}</p> : null}
      {group.values.length > 0 ? (
        <p>
          {t.groupValues(
            group.values,
            group.values.length >= GROUP_VALUES && group.count > group.values.length,
          )}
        </p>
      ) : null}
      <p>
        {t.groupLines(group.lines, group.count > group.lines.length && group.lines.length >= GROUP_LINES)}
      </p>
    </details>
  )
}

export function PreviewStep({ detail, focus, onEdit }: PreviewStepProps) {
  const queryClient = useQueryClient()
  const start = useMutation(importMutations.start(queryClient))
  if (detail.state === 'analysing')
    return (
      <section className="integration__step" aria-labelledby="import-preview-heading">
        <StepHeading id="import-preview-heading" focus={focus}>
          {t.heading}
        </StepHeading>
        <p role="status">{targetStep.analysing}</p>
      </section>
    )
  const columns = previewColumns(detail)
  // Duplicates become leads only when imported anyway (they update or are skipped otherwise).
  const leads = detail.validRows + (detail.duplicatePolicy === 'importAnyway' ? detail.duplicateRows : 0)
  const nothing = detail.validRows + detail.duplicateRows === 0
  const warningCells = detail.warnings.flatMap(({ line, warnings }) =>
    warnings.map((warning) => ({ line, ...warning })),
  )
  // A re-import: every valid row is already a lead, the sample « as imported » would mislead.
  const nothingNew = detail.validRows === 0 && detail.duplicateRows > 0
  return (
    <section className="integration__step" aria-labelledby="import-preview-heading">
      <StepHeading id="import-preview-heading" focus={focus}>
        {t.heading}
      </StepHeading>
      <ul className="integration__counts">
        <li>{t.counts.total(detail.totalRows)}</li>
        <li className="is-valid">{t.counts.valid(detail.validRows)}</li>
        <li className={detail.errorRows > 0 ? 'is-error' : undefined}>{t.counts.errors(detail.errorRows)}</li>
        <li>{t.counts.duplicates(detail.duplicateRows)}</li>
      </ul>
      {detail.duplicateRows > 0 ? (
        <p className="integration__reimport">
          <strong>{t.reimport(detail.duplicateRows, detail.validRows)}</strong>
          {nothingNew ? ` — ${t.allDuplicates}` : null}
        </p>
      ) : null}
      {detail.previewRows.length === 0 || nothingNew ? null : (
        <>
          <h3>{t.rowsHeading}</h3>
          <div className="integration__scroll">
            <table className="integration__table" aria-label={t.rowsLabel}>
              <thead>
                <tr>
                  <th scope="col">{t.line}</th>
                  {columns.map((key) => (
                    <th key={key} scope="col">
                      {labelOf(key)}
                    </th>
                  ))}
                  <th scope="col">{t.market}</th>
                </tr>
              </thead>
              <tbody>
                {detail.previewRows.map((row) => (
                  <tr key={row.line}>
                    <th scope="row">{row.line}</th>
                    {columns.map((key) => (
                      <td key={key}>{cellOf(key, row.values[key])}</td>
                    ))}
                    <td>{row.marketName ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {detail.errorGroups.length === 0 ? null : (
        <>
          <h3>{t.errorsHeading}</h3>
          <p>{t.errorsNote}</p>
          <div className="integration__causes">
            {detail.errorGroups.map((group) => (
              <ErrorGroup key={`${group.column}|${group.cause}`} group={group} />
            ))}
          </div>
          <p>
            <a className="button button--secondary" href={importDownloads.rejected(detail.id)} download>
              {t.downloadRejected}
            </a>
          </p>
        </>
      )}
      {warningCells.length === 0 ? null : (
        <details className="integration__cause">
          <summary>
            <strong>{t.warningsHeading}</strong> — {t.warningsNote(detail.warningRows)}
          </summary>
          <div className="integration__scroll">
            <table className="integration__table" aria-label={t.warningsLabel}>
              <thead>
                <tr>
                  <th scope="col">{t.line}</th>
                  <th scope="col">{t.errorColumn}</th>
                  <th scope="col">{t.warningMessage}</th>
                </tr>
              </thead>
              <tbody>
                {warningCells.map((warning, index) => (
                  <tr key={index}>
                    <th scope="row">{t.errorLine(warning.line)}</th>
                    <td>{warning.column}</td>
                    <td>{warning.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {detail.warnings.length < detail.warningRows ? (
            <p>{t.more(detail.warnings.length, detail.warningRows)}</p>
          ) : null}
        </details>
      )}
      {detail.duplicates.length === 0 ? null : (
        <>
          <h3>{t.duplicatesHeading}</h3>
          <ul>
            {detail.duplicates.map((duplicate) => (
              <li key={duplicate.line}>
                {t.duplicateLine(
                  duplicate.line,
                  duplicate.existingLeadId === null
                    ? t.duplicateOfLine(duplicate.phone, duplicate.firstLine)
                    : t.duplicateOfLead(duplicate.phone, duplicate.existingLeadId),
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {nothing ? <p>{t.nothing}</p> : null}
      <div className="integration__actions integration__actions--sticky">
        <DiscardImport detail={detail} />
        <Button variant="secondary" onClick={onEdit}>
          {t.back}
        </Button>
        <Button busy={start.isPending} disabled={nothing} onClick={() => start.mutate({ id: detail.id })}>
          {t.start(leads)}
        </Button>
      </div>
    </section>
  )
}
