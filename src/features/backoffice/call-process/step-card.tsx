// One step of the editor (issue #12): its number and title, the drag handle (dnd-kit sortable, mouse,
// touch and keyboard), "Monter"/"Descendre" for tablets and keyboards, removal, the title field, the
// script with its preview, and the outcomes.
import { useId } from 'react'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useFormContext, useWatch } from 'react-hook-form'
import type { CatalogueTag } from '../../../api/tag-catalogue.ts'
import { STEP_TITLE_MAX } from '../../../contracts/call-process-form.ts'
import { callProcessEditor as t } from '../../../i18n/fr/backoffice-call-process.ts'
import type { EditorValues } from './editor-values.ts'
import { FieldError } from './field-error.tsx'
import { ScriptField } from './script-field.tsx'
import { StepOutcomes } from './step-outcomes.tsx'

export type StepCardProps = {
  /** react-hook-form's key of the step: its identity while it moves. */
  stepKey: string
  index: number
  stepCount: number
  leadCount: number
  tags: readonly CatalogueTag[]
  disabled: boolean
  onMove: (from: number, to: number, button: 'up' | 'down') => void
  onRemove: (index: number) => void
}

export function StepCard({
  stepKey,
  index,
  stepCount,
  leadCount,
  tags,
  disabled,
  onMove,
  onRemove,
}: StepCardProps) {
  const { register, control, formState } = useFormContext<EditorValues>()
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: stepKey, disabled })
  const title = useWatch({ control, name: `steps.${index}.title` })
  const headingId = useId()
  const titleId = useId()
  const titleErrorId = useId()
  const number = index + 1
  const titleError = formState.errors.steps?.[index]?.title?.message

  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'call-process-step is-dragging' : 'call-process-step'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-step-key={stepKey}
      aria-labelledby={headingId}
    >
      <header className="call-process-step__header">
        <button
          type="button"
          className="call-process-step__handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t.dragHandle(number)}
          disabled={disabled}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <h3 id={headingId}>{t.stepHeading(number, title.trim())}</h3>
        {leadCount > 0 ? <span className="call-process-step__leads">{t.stepLeads(leadCount)}</span> : null}
        <div className="call-process-step__actions">
          <button
            type="button"
            className="call-process-chip"
            data-move="up"
            aria-label={t.moveUpLabel(number)}
            disabled={disabled || index === 0}
            onClick={() => onMove(index, index - 1, 'up')}
          >
            {t.moveUp}
          </button>
          <button
            type="button"
            className="call-process-chip"
            data-move="down"
            aria-label={t.moveDownLabel(number)}
            disabled={disabled || index === stepCount - 1}
            onClick={() => onMove(index, index + 1, 'down')}
          >
            {t.moveDown}
          </button>
          <button
            type="button"
            className="call-process-chip call-process-chip--danger"
            aria-label={t.removeStepLabel(number)}
            disabled={disabled}
            onClick={() => onRemove(index)}
          >
            {t.removeStep}
          </button>
        </div>
      </header>
      <div className="call-process-field">
        <label htmlFor={titleId}>{t.stepTitle}</label>
        <input
          id={titleId}
          {...register(`steps.${index}.title`)}
          maxLength={STEP_TITLE_MAX}
          autoComplete="off"
          disabled={disabled}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? titleErrorId : undefined}
        />
        <FieldError id={titleErrorId} message={titleError} />
      </div>
      <ScriptField index={index} stepCount={stepCount} disabled={disabled} />
      <StepOutcomes index={index} tags={tags} disabled={disabled} />
    </li>
  )
}
