// Step 2 of /integration/integrate (issue #13 "Column mapping"): one row per column of the file, its
// header, a few values, and the lead field it goes to, prefilled from the server's columns; a saved
// mapping can be applied, and this one saved under a name when the settings are sent.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { importMutations, importQueries } from '../../api/imports.ts'
import { Button } from '../../components/ui/button.tsx'
import { TextField } from '../../components/ui/text-field.tsx'
import type { ImportTarget } from '../../contracts/import-fields.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { importTargets, mappingStep as t } from '../../i18n/fr/integration.ts'
import { DiscardImport } from './discard-import.tsx'
import { applyMapping, IMPORT_TARGETS, mappingProblem, type ImportDraft } from './import-draft.ts'
import { SelectField } from './select-field.tsx'
import { StepHeading } from './step-heading.tsx'

const SAMPLES = 3
/** Characters of a row shown in the header row's choices. */
const ROW_TEXT = 80

/** A top row as a choice of header: its filled cells, cut. */
function rowText(cells: string[]): string {
  const text = cells.filter((cell) => cell.trim() !== '').join(' · ')
  return text.length > ROW_TEXT ? `${text.slice(0, ROW_TEXT)}…` : text
}

export type MappingStepProps = {
  detail: ImportDetail
  draft: ImportDraft
  focus: boolean
  onChange: (changes: Partial<ImportDraft>) => void
  onNext: () => void
}

export function MappingStep({ detail, draft, focus, onChange, onNext }: MappingStepProps) {
  const mappings = useQuery(importQueries.mappings())
  const queryClient = useQueryClient()
  const header = useMutation(importMutations.header(queryClient))
  const [tried, setTried] = useState(false)
  // The header row chosen and not applied yet; forgotten once the import's own header row changes.
  const [choice, setChoice] = useState<{ from: number; line: number } | null>(null)
  const headerChoice = choice?.from === detail.headerLine ? choice.line : detail.headerLine
  const setHeaderChoice = (line: number) => setChoice({ from: detail.headerLine, line })
  const problem = mappingProblem(draft.columns)

  function setTarget(index: number, target: ImportTarget) {
    onChange({
      columns: draft.columns.map((column) => (column.index === index ? { ...column, target } : column)),
    })
  }

  function handleMapping(value: string) {
    const mapping = mappings.data?.find((item) => String(item.id) === value)
    if (!mapping) return onChange({ mappingId: null })
    onChange({
      mappingId: mapping.id,
      columns: applyMapping(draft.columns, mapping),
      saveMappingAs: mapping.name,
    })
  }

  return (
    <section className="integration__step" aria-labelledby="import-mapping-heading">
      <StepHeading id="import-mapping-heading" focus={focus}>
        {t.heading}
      </StepHeading>
      <p>{t.intro}</p>
      {detail.topRows.length > 1 ? (
        <div className="integration__header-line">
          {/* Chosen, then applied: a closed select's arrow keys change it one row at a time, and each
              change of the header row guesses the mapping again. */}
          <SelectField
            label={t.headerLine}
            name="headerLine"
            value={String(headerChoice)}
            onChange={(value) => setHeaderChoice(Number(value))}
          >
            {detail.topRows.map((row) => (
              <option key={row.line} value={row.line}>
                {t.headerLineOption(row.line, rowText(row.cells))}
              </option>
            ))}
          </SelectField>
          <Button
            variant="secondary"
            busy={header.isPending}
            disabled={headerChoice === detail.headerLine}
            onClick={() =>
              header.mutate({ id: detail.id, headerLine: headerChoice, version: detail.version })
            }
          >
            {t.headerApply}
          </Button>
          <p className="integration__hint">
            {detail.headerLine > detail.topRows[0]!.line ? `${t.headerBelowTitle(detail.headerLine)} ` : ''}
            {t.headerHint}
          </p>
        </div>
      ) : null}
      {mappings.data && mappings.data.length > 0 ? (
        <SelectField
          label={t.savedMapping}
          name="savedMapping"
          value={draft.mappingId === null ? '' : String(draft.mappingId)}
          onChange={handleMapping}
        >
          <option value="">{t.savedMappingNone}</option>
          {mappings.data.map((mapping) => (
            <option key={mapping.id} value={mapping.id}>
              {mapping.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="integration__scroll">
        <table className="integration__table" aria-label={t.tableLabel}>
          <thead>
            <tr>
              <th scope="col">{t.columns.header}</th>
              <th scope="col">{t.columns.samples}</th>
              <th scope="col">{t.columns.target}</th>
            </tr>
          </thead>
          <tbody>
            {draft.columns.map((column) => {
              const header = column.header || t.noHeader(column.index)
              const samples = detail.sampleRows
                .map((row) => row[column.index] ?? '')
                .filter((value) => value !== '')
                .slice(0, SAMPLES)
              return (
                <tr key={column.index}>
                  <th scope="row">{header}</th>
                  <td className="integration__samples">{samples.join(' · ')}</td>
                  <td>
                    <select
                      aria-label={t.targetOf(header)}
                      value={column.target}
                      onChange={(event) => setTarget(column.index, event.target.value as ImportTarget)}
                    >
                      {IMPORT_TARGETS.map((target) => (
                        <option key={target} value={target}>
                          {importTargets[target]}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <TextField
        label={t.saveAs}
        name="saveMappingAs"
        value={draft.saveMappingAs}
        onChange={(saveMappingAs) => onChange({ saveMappingAs })}
        autoComplete="off"
      />
      {tried && problem !== null ? (
        <p role="alert" className="integration__error">
          {problem}
        </p>
      ) : null}
      <div className="integration__actions">
        <DiscardImport detail={detail} />
        <Button onClick={() => (problem === null ? onNext() : setTried(true))}>{t.next}</Button>
      </div>
    </section>
  )
}
