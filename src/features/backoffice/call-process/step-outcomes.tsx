// A step's outcomes (issue #12): each a catalogue tag (retired tags are not offered), the effect it
// has on the lead, and where it sends the lead next ("rester" or a step number).
import { useId } from 'react'
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import type { CatalogueTag } from '../../../api/tag-catalogue.ts'
import { OUTCOMES_PER_STEP_MAX } from '../../../contracts/call-process-form.ts'
import { callProcessEditor as t, substatuses } from '../../../i18n/fr/backoffice-call-process.ts'
import { leads } from '../../../i18n/fr/leads.ts'
import { arrayError, NO_TAG, type EditorValues } from './editor-values.ts'
import { FieldError } from './field-error.tsx'

export type StepOutcomesProps = {
  index: number
  tags: readonly CatalogueTag[]
  disabled: boolean
}

export function StepOutcomes({ index, tags, disabled }: StepOutcomesProps) {
  const { control, formState } = useFormContext<EditorValues>()
  const { fields, append, remove } = useFieldArray({ control, name: `steps.${index}.outcomes` })
  const errorId = useId()
  const error = arrayError(formState.errors.steps?.[index]?.outcomes)
  return (
    <fieldset
      className="call-process-outcomes"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{t.outcomesTitle}</legend>
      <ol className="call-process-outcomes__list">
        {fields.map((field, outcomeIndex) => (
          <OutcomeRow
            key={field.id}
            stepIndex={index}
            index={outcomeIndex}
            tags={tags}
            disabled={disabled}
            onRemove={() => remove(outcomeIndex)}
          />
        ))}
      </ol>
      <FieldError id={errorId} message={error} />
      <div>
        <button
          type="button"
          className="call-process-chip"
          disabled={disabled || fields.length >= OUTCOMES_PER_STEP_MAX}
          onClick={() => append({ tagId: NO_TAG, nextStep: null }, { shouldFocus: false })}
        >
          {t.addOutcome}
        </button>
      </div>
    </fieldset>
  )
}

type OutcomeRowProps = {
  stepIndex: number
  index: number
  tags: readonly CatalogueTag[]
  disabled: boolean
  onRemove: () => void
}

function OutcomeRow({ stepIndex, index, tags, disabled, onRemove }: OutcomeRowProps) {
  const { control } = useFormContext<EditorValues>()
  const path = `steps.${stepIndex}.outcomes.${index}` as const
  const {
    field: { ref: tagRef, ...tagField },
    fieldState: { error: tagFieldError },
  } = useController({ control, name: `${path}.tagId` })
  const {
    field: { ref: nextRef, ...nextField },
    fieldState: { error: nextFieldError },
  } = useController({ control, name: `${path}.nextStep` })
  const steps = useWatch({ control, name: 'steps' })
  const titles = steps.map((step) => step.title)
  // A tag is offered once per step (contract): the ones the step's other outcomes use are greyed.
  const taken = new Set(
    steps[stepIndex]?.outcomes.flatMap((outcome, other) => (other === index ? [] : [outcome.tagId])),
  )
  const tagId = useId()
  const nextId = useId()
  const tagErrorId = useId()
  const nextErrorId = useId()
  const chosen = tags.find((candidate) => candidate.id === tagField.value)
  const offered = tags.filter((candidate) => candidate.retiredAt === null || candidate.id === tagField.value)
  const nextValue = nextField.value
  const nextExists = nextValue === null || (nextValue >= 1 && nextValue <= titles.length)
  const tagError = tagFieldError?.message
  const nextError = nextFieldError?.message

  return (
    <li className="call-process-outcome">
      <div className="call-process-field">
        <label htmlFor={tagId}>{t.outcomeTag}</label>
        <select
          id={tagId}
          ref={tagRef}
          name={tagField.name}
          value={tagField.value}
          disabled={disabled}
          onBlur={tagField.onBlur}
          onChange={(event) => tagField.onChange(Number(event.target.value))}
          aria-invalid={tagError ? true : undefined}
          aria-describedby={tagError ? tagErrorId : undefined}
        >
          <option value={NO_TAG}>{t.chooseTag}</option>
          {offered.map((candidate) => (
            <option key={candidate.id} value={candidate.id} disabled={taken.has(candidate.id)}>
              {candidate.retiredAt ? t.retiredTag(candidate.label) : candidate.label}
            </option>
          ))}
        </select>
        <FieldError id={tagErrorId} message={tagError} />
      </div>
      <div className="call-process-field">
        <label htmlFor={nextId}>{t.nextStep}</label>
        <select
          id={nextId}
          ref={nextRef}
          name={nextField.name}
          value={nextValue === null ? 'stay' : String(nextValue)}
          disabled={disabled}
          onBlur={nextField.onBlur}
          onChange={(event) =>
            nextField.onChange(event.target.value === 'stay' ? null : Number(event.target.value))
          }
          aria-invalid={nextError ? true : undefined}
          aria-describedby={nextError ? nextErrorId : undefined}
        >
          {nextExists ? null : (
            <option value={String(nextValue)} disabled>
              {t.removedStep}
            </option>
          )}
          <option value="stay">{t.stay}</option>
          {titles.map((title, stepIndexOption) =>
            stepIndexOption === stepIndex ? null : (
              <option key={stepIndexOption} value={String(stepIndexOption + 1)}>
                {t.goTo(stepIndexOption + 1, title.trim())}
              </option>
            ),
          )}
        </select>
        <FieldError id={nextErrorId} message={nextError} />
      </div>
      {chosen ? <TagEffectLine tag={chosen} /> : <span />}
      <button
        type="button"
        className="call-process-chip call-process-chip--danger"
        aria-label={t.removeOutcomeLabel(index + 1)}
        disabled={disabled}
        onClick={onRemove}
      >
        {t.removeOutcome}
      </button>
    </li>
  )
}

function TagEffectLine({ tag }: { tag: CatalogueTag }) {
  const status = tag.status === null ? null : (leads.statuses[tag.status] ?? tag.status)
  const parts = [
    status === null
      ? t.effects.statusUnchanged
      : t.effects.status(
          tag.substatus ? `${status} (${substatuses[tag.substatus] ?? tag.substatus})` : status,
        ),
    tag.endsProcessing ? t.effects.endsProcessing : null,
    tag.recallDelayMinutes ? t.effects.recall(tag.recallDelayMinutes) : null,
    tag.asksRecallDate ? t.effects.asksRecallDate : null,
    tag.requiresAppointment ? t.effects.appointment : null,
    tag.withoutCall ? t.effects.withoutCall : null,
  ].filter((part): part is string => part !== null)
  return (
    <p className="call-process-outcome__effect">
      <span className="call-process-outcome__swatch" style={{ background: tag.color }} aria-hidden="true" />
      {parts.join(' · ')}
    </p>
  )
}
