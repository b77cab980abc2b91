// Step 3 of /integration/integrate (issue #13 "Target", "Duplicates"): the mission (active ones),
// how each row gets its market (one market, a column, the postal code's prefixes), what to do with
// duplicates; "Analyser" sends the settings and the server reads the whole file.
import { useState, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '../../api/error-message.ts'
import { importMutations } from '../../api/imports.ts'
import { missionQueries } from '../../api/missions.ts'
import { Button } from '../../components/ui/button.tsx'
import { IMPORT_DUPLICATE_POLICIES } from '../../contracts/import-fields.ts'
import type { ImportDetail } from '../../contracts/imports.ts'
import { duplicatePolicies, targetStep as t } from '../../i18n/fr/integration.ts'
import { settingsOf, targetProblem, type ImportDraft, type MarketModeKind } from './import-draft.ts'
import { SelectField } from './select-field.tsx'
import { StepHeading } from './step-heading.tsx'

const MODES: readonly MarketModeKind[] = ['fixed', 'column', 'postalCode']

export type TargetStepProps = {
  detail: ImportDetail
  draft: ImportDraft
  focus: boolean
  onChange: (changes: Partial<ImportDraft>) => void
  onBack: () => void
  onAnalysed: () => void
}

function Radio({
  name,
  checked,
  onChange,
  children,
}: {
  name: string
  checked: boolean
  onChange: () => void
  children: ReactNode
}) {
  return (
    <label className="integration__choice">
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      <span>{children}</span>
    </label>
  )
}

export function TargetStep({ detail, draft, focus, onChange, onBack, onAnalysed }: TargetStepProps) {
  const queryClient = useQueryClient()
  const missions = useQuery(missionQueries.list({ pageSize: 100 }))
  const mission = useQuery({
    ...missionQueries.detail(draft.missionId ?? 0),
    enabled: draft.missionId !== null,
  })
  const save = useMutation(importMutations.settings(queryClient))
  const [tried, setTried] = useState(false)
  const problem = targetProblem(draft)
  const markets = draft.missionId === null ? [] : (mission.data?.markets ?? [])

  function handleAnalyse() {
    const settings = settingsOf(draft, detail.version)
    if (settings === null) return setTried(true)
    save.mutate({ id: detail.id, ...settings }, { onSuccess: onAnalysed })
  }

  return (
    <section className="integration__step" aria-labelledby="import-target-heading">
      <StepHeading id="import-target-heading" focus={focus}>
        {t.heading}
      </StepHeading>
      <SelectField
        label={t.mission}
        name="mission"
        value={draft.missionId === null ? '' : String(draft.missionId)}
        onChange={(value) => onChange({ missionId: value === '' ? null : Number(value), marketId: null })}
      >
        <option value="">{t.missionChoose}</option>
        {(missions.data?.items ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </SelectField>
      <fieldset className="integration__group">
        <legend>{t.marketMode}</legend>
        {MODES.map((mode) => (
          <Radio
            key={mode}
            name="marketMode"
            checked={draft.marketMode === mode}
            onChange={() => onChange({ marketMode: mode })}
          >
            {t.modes[mode]}
          </Radio>
        ))}
      </fieldset>
      {draft.marketMode === 'fixed' && draft.missionId !== null ? (
        mission.data && markets.length === 0 ? (
          <p>{t.noMarket}</p>
        ) : (
          <SelectField
            label={t.market}
            name="market"
            value={draft.marketId === null ? '' : String(draft.marketId)}
            onChange={(value) => onChange({ marketId: value === '' ? null : Number(value) })}
          >
            <option value="">{t.marketChoose}</option>
            {markets.map((market) => (
              <option key={market.id} value={market.id}>
                {market.name}
              </option>
            ))}
          </SelectField>
        )
      ) : null}
      <fieldset className="integration__group">
        <legend>{t.duplicates}</legend>
        {IMPORT_DUPLICATE_POLICIES.map((policy) => (
          <Radio
            key={policy}
            name="duplicatePolicy"
            checked={draft.duplicatePolicy === policy}
            onChange={() => onChange({ duplicatePolicy: policy })}
          >
            {duplicatePolicies[policy]}
          </Radio>
        ))}
      </fieldset>
      {(tried && problem !== null) || save.isError ? (
        <p role="alert" className="integration__error">
          {problem ?? apiErrorMessage(save.error, t.analyseFailed)}
        </p>
      ) : null}
      <div className="integration__actions">
        <Button variant="secondary" onClick={onBack}>
          {t.back}
        </Button>
        <Button busy={save.isPending} onClick={handleAnalyse}>
          {t.analyse}
        </Button>
      </div>
    </section>
  )
}
