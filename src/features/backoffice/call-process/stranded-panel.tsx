// 409 STRANDED_LEADS (issue #12): the removed steps whose leads have nowhere to go, each with a select
// of the steps now in the form; the next save sends the choices as `reassign`.
import { useId } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { callProcessEditor as t } from '../../../i18n/fr/backoffice-call-process.ts'
import type { EditorValues } from './editor-values.ts'
import type { StrandedStep } from './save-refusals.ts'
import type { LeadMove } from './use-step-edits.ts'

export type StrandedPanelProps = {
  stranded: readonly StrandedStep[]
  keys: readonly string[]
  moves: readonly LeadMove[]
  onChoose: (oldNumber: number, title: string, destinationKey: string | null) => void
}

export function StrandedPanel({ stranded, keys, moves, onChoose }: StrandedPanelProps) {
  const titleId = useId()
  return (
    <section className="call-process-alert" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.strandedTitle}</h2>
      <p>{t.strandedIntro}</p>
      <ul className="call-process-alert__list">
        {stranded.map((step) => (
          <StrandedRow
            key={step.number}
            step={step}
            keys={keys}
            destinationKey={
              moves.find((leadMove) => leadMove.oldNumber === step.number)?.destinationKey ?? null
            }
            onChoose={onChoose}
          />
        ))}
      </ul>
    </section>
  )
}

function StrandedRow({
  step,
  keys,
  destinationKey,
  onChoose,
}: {
  step: StrandedStep
  keys: readonly string[]
  destinationKey: string | null
  onChoose: StrandedPanelProps['onChoose']
}) {
  const { control } = useFormContext<EditorValues>()
  const titles = useWatch({ control, name: 'steps' }).map((current) => current.title.trim())
  const selectId = useId()
  const value = destinationKey !== null && keys.includes(destinationKey) ? destinationKey : ''
  return (
    <li>
      <p>{step.message ?? t.strandedStep(step.number, step.title, step.leadCount ?? 0)}</p>
      <label htmlFor={selectId}>{t.destination}</label>{' '}
      <select
        id={selectId}
        value={value}
        onChange={(event) => onChoose(step.number, step.title, event.target.value || null)}
      >
        <option value="">{t.chooseDestination}</option>
        {keys.map((key, index) => (
          <option key={key} value={key}>
            {t.goTo(index + 1, titles[index] ?? '')}
          </option>
        ))}
      </select>
    </li>
  )
}
